import type { RemoteAgentConfig } from '@x/agent-server';
import type { Scenario } from './scenario.js';
import { seenToolOutput } from './tool-output.js';

/** The user's words after "… the billing agent": what the model hands over as the task. */
function taskOf(text: string): string {
  return text.replace(/^.*?\bbilling agent\b[\s:,]*/i, '').trim() || text;
}

/**
 * Hands the user's question to a remote A2A agent named `billing` (issue 36) and reports its answer.
 * Node only: the caller passes the remote agent (`remoteAgents.billing`), e.g. the billing agent of
 * `@x/agent-server/a2a-test-agent` on loopback, whose words pick what it does (see there): "…ask me…"
 * makes it ask which invoice, "…slow…" runs until Stop cancels it.
 */
export function a2aBilling(remote: RemoteAgentConfig): Scenario {
  return {
    id: 'a2aBilling',
    title: 'Remote agent (A2A)',
    description: 'Hands a question to the billing agent on another server over the Agent2Agent protocol; it may ask you something.',
    prompt: 'Ask the billing agent about an invoice, and let it ask me which one',
    chatTitle: 'Billing agent',
    match: /\bbilling agent\b/i,
    nodeOnly: true,
    agent: { agents: ['billing'] },
    remoteAgents: { billing: remote },
    script: {
      steps: ({ stepInTurn, lastUserText, toolResults }) => {
        if (stepInTurn === 0) return [{ type: 'tool-call', toolName: 'billing', input: { task: taskOf(lastUserText) } }];
        const seen = seenToolOutput(toolResults.at(-1)?.output);
        if (seen.kind === 'error') return [{ type: 'text', text: `The billing agent could not answer: ${seen.message}` }];
        const text = (seen.kind === 'value' ? (seen.value as { text?: string } | undefined)?.text : undefined) || 'nothing';
        return [{ type: 'text', text: `The billing agent says: ${text}` }];
      },
    },
  };
}
