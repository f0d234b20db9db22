import { describe, expect, it } from 'vitest';
import { CHAT_TITLE_PART, isChatTitlePart, isSuggestionsPart, SUGGESTIONS_PART } from './data-parts.js';
import type { AgentUIMessage } from './messages.js';

describe('AgentUIMessage', () => {
  it('keeps untyped transcripts open to any tool and any data part', () => {
    const message: AgentUIMessage = {
      id: 'm',
      role: 'assistant',
      parts: [
        { type: 'tool-anything', toolCallId: 'c', state: 'input-available', input: { x: 1 } },
        { type: 'data-metrics', data: { revenue: 1 } },
      ],
    };
    expect(message.parts).toHaveLength(2);
  });
});

describe('protocol data part guards', () => {
  it('narrow well-formed title and suggestions parts, and refuse malformed ones', () => {
    const parts: { type: string; data?: unknown }[] = [
      { type: CHAT_TITLE_PART, data: { title: 'Trip' } },
      { type: CHAT_TITLE_PART, data: { title: 42 } },
      { type: SUGGESTIONS_PART, data: { items: ['a', 'b'] } },
      { type: SUGGESTIONS_PART, data: { items: 'a' } },
      { type: 'data-other', data: {} },
    ];
    expect(parts.filter(isChatTitlePart).map((p) => p.data.title)).toEqual(['Trip']);
    expect(parts.filter(isSuggestionsPart).map((p) => p.data.items)).toEqual([['a', 'b']]);
  });
});
