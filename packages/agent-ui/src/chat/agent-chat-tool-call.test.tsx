import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { UPDATE_PAGE_STATE_TOOL } from '@x/agent-protocol';
import { createMockAgentServer, inProcessFetch, seenToolOutput } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentChat } from './agent-chat.js';

// update-page-state is the browser tool the server offers (for a non-empty sharedState): an app that
// answers it through the component's `onToolCall` exercises the generic browser-tool path.
const server = createMockAgentServer({
  agents: {
    page: {
      chunkDelayMs: 0,
      steps: ({ stepInTurn, toolResults }) => {
        if (stepInTurn === 0) return [{ type: 'tool-call', toolName: UPDATE_PAGE_STATE_TOOL, input: { updates: { a: 2 } } }];
        const seen = seenToolOutput(toolResults.at(-1)?.output);
        return [{ type: 'text', text: `seen ${seen.kind}: ${JSON.stringify(seen.kind === 'value' ? seen.value : null)}` }];
      },
    },
  },
});
const fetch = inProcessFetch(server);

describe('AgentChat onToolCall (the name useAgentChat uses)', () => {
  it('answers a browser tool call with what `onToolCall` returns', async () => {
    const user = userEvent.setup();
    const calls: unknown[] = [];
    render(
      <AgentChat
        agentId="page"
        sharedState={{ a: 1 }}
        onToolCall={({ toolCall }) => {
          calls.push([toolCall.toolName, toolCall.input]);
          return { ok: true, written: ['a'] };
        }}
        chatOptions={{ fetch }}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'set a{Enter}');
    expect(await within(screen.getByRole('log')).findByText('seen value: {"ok":true,"written":["a"]}', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(calls).toEqual([[UPDATE_PAGE_STATE_TOOL, { updates: { a: 2 } }]]);
    await waitFor(() => expect(document.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'));
  });

  it('gives the chat\'s conversation with the call', async () => {
    const user = userEvent.setup();
    const seen: unknown[] = [];
    render(
      <AgentChat
        agentId="page"
        conversationId="c-1"
        sharedState={{ a: 1 }}
        onToolCall={(call) => {
          seen.push({ toolName: call.toolCall.toolName, input: call.toolCall.input, conversationId: call.conversationId });
          return { ok: true, written: ['a'] };
        }}
        chatOptions={{ fetch }}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'set a{Enter}');
    expect(await within(screen.getByRole('log')).findByText('seen value: {"ok":true,"written":["a"]}', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(seen).toEqual([{ toolName: UPDATE_PAGE_STATE_TOOL, input: { updates: { a: 2 } }, conversationId: 'c-1' }]);
  });
});
