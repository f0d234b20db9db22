import { act, renderHook, waitFor } from '@testing-library/react';
import { createMockAgentServer, echoScenario, errorMidStreamScenario, inProcessFetch } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { useAgentChat } from './use-agent-chat.js';

const server = createMockAgentServer({
  agents: { assistant: { ...echoScenario, chunkDelayMs: 1 }, failing: { ...errorMidStreamScenario, chunkDelayMs: 1 } },
  logger: { warn: () => {}, error: () => {} },
});
const fetch = inProcessFetch(server);

const textOf = (m: { parts: { type: string; text?: string }[] }) => m.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');

describe('useAgentChat', () => {
  it('sends to {api}/{agentId} and streams the reply into messages', async () => {
    const { result } = renderHook(() => useAgentChat({ agentId: 'assistant', fetch }));
    await act(() => result.current.sendMessage({ text: 'ping' }));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(textOf(result.current.messages[1]!)).toContain('You said: **ping**');
  });

  it('surfaces a mid-stream failure as error with a safe message, keeping the partial reply', async () => {
    const { result } = renderHook(() => useAgentChat({ agentId: 'failing', fetch }));
    await act(() => result.current.sendMessage({ text: 'hi' }));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.message).toBe('The agent failed to answer. Try again.');
    expect(textOf(result.current.messages.at(-1)!)).toContain('Let me look that up');
  });
});
