/**
 * Remote A2A agents used as sub-agents (issue 36): what their tool calls show while they run, and the
 * route a person answers a remote agent's question on. No zod here (client bundles); the answer's
 * schema is `remoteAgentAnswerSchema` in `@x/agent-protocol/validation`.
 */

/** The task states of A2A 1.0 (`TASK_STATE_*`), lower-case with dashes. */
export type RemoteTaskState = 'submitted' | 'working' | 'input-required' | 'completed' | 'canceled' | 'failed' | 'rejected' | 'auth-required' | 'unknown';

/** A file the remote agent produced: stored in the server's blob store (`url` is `x-blob:{id}`), or linked (`url` as the agent gave it). */
export interface RemoteAgentFile {
  name: string;
  mediaType: string;
  /** `x-blob:{id}` when stored, the agent's own URL when it linked one; absent when there was nowhere to keep the bytes. */
  url?: string;
  size?: number;
}

/**
 * The output of a remote agent's tool call: preliminary while the task runs (the nested run the UI
 * shows), final when it ends. `state: 'input-required'` with a `question` waits for the person's
 * answer (`POST {basePath}/{agentId}/remote-agent-answer`), which continues the same task.
 */
export interface RemoteAgentProgress {
  a2a: 'remote-agent';
  /** The remote agent's name in the server's `remoteAgents`. */
  agent: string;
  /** The remote task's id ('' until the agent named one). */
  taskId: string;
  state: RemoteTaskState;
  /** The agent's latest status message. */
  status: string;
  /** The text of its artifacts (and of a reply that was a plain message). */
  text: string;
  files: RemoteAgentFile[];
  /** The question waiting for the person's answer (`state: 'input-required'`). */
  question?: string;
}

/** Path segment of the answer route: `POST {basePath}/{agentId}/remote-agent-answer`. */
export const REMOTE_AGENT_ANSWER_SEGMENT = 'remote-agent-answer';

/** Longest answer to a remote agent's question, in characters. */
export const MAX_REMOTE_AGENT_ANSWER_LENGTH = 10_000;

/** The body of the answer route (checked by `remoteAgentAnswerSchema`). */
export interface RemoteAgentAnswer {
  /** The tool call whose remote task asked. */
  toolCallId: string;
  /** The person's answer, sent to the same remote task. */
  answer: string;
}

/** The answer route's path for an agent. */
export const remoteAgentAnswerPath = (basePath: string, agentId: string) => `${basePath}/${encodeURIComponent(agentId)}/${REMOTE_AGENT_ANSWER_SEGMENT}`;

/** Whether a tool output is a remote agent's progress. */
export function isRemoteAgentProgress(output: unknown): output is RemoteAgentProgress {
  return typeof output === 'object' && output !== null && (output as { a2a?: unknown }).a2a === 'remote-agent' && typeof (output as { agent?: unknown }).agent === 'string';
}
