import type { UseAgentChatResult } from '@x/agent-react';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AgentChat } from './agent-chat.js';
import type * as PreloadModule from '../lazy/preload-on-demand.js';

// What AgentChat's first render asks of the parts' chunk, before its view mounts in a transition
// (its provider asks too, later: the rows render late in that time-sliced mount).
const seen = vi.hoisted(() => [] as { messages: number; viewMounted: boolean }[]);
vi.mock('../lazy/preload-on-demand.js', async (importOriginal) => {
  const actual = await importOriginal<typeof PreloadModule>();
  return {
    ...actual,
    preloadChatParts: (chat: UseAgentChatResult) => {
      seen.push({ messages: chat.store.getSnapshot().messages.length, viewMounted: !!document.querySelector('[data-xagent-chat]') });
      return actual.preloadChatParts(chat);
    },
  };
});

describe('AgentChat fetches the parts its messages show as it creates its chat', () => {
  it('once, in its first render, before the view (and its provider) mounted', async () => {
    seen.length = 0;
    const messages = [
      { id: 'u1', role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hello' }] },
      { id: 'a1', role: 'assistant' as const, parts: [{ type: 'text' as const, text: 'Hi' }] },
    ];
    const { container } = render(<AgentChat agentId="assistant" messages={messages} api="/api/chat" />);
    await waitFor(() => expect(container.querySelector('[data-xagent-chat]')).not.toBeNull());
    expect(seen).toEqual([{ messages: 2, viewMounted: false }]);
  });
});
