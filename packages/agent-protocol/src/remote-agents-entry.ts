/**
 * `@x/agent-protocol/remote-agents`: the wire of a remote (A2A) agent called as a sub-agent — the
 * progress its tool call streams (`RemoteAgentProgress`: the task's state, status text, artifacts,
 * files, a question for the person) and the answer to its question (`RemoteAgentAnswer`, posted to
 * `remoteAgentAnswerPath`; its schema is `remoteAgentAnswerSchema` in `/validation`).
 */
export * from './remote-agents.js';
