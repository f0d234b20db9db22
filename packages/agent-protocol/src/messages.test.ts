import type { ChatAddToolOutputFunction } from 'ai';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CHAT_TITLE_PART, isChatTitlePart, isSuggestionsPart, SUGGESTIONS_PART } from './data-parts.js';
import type { AgentUIMessage } from './messages.js';
import type { UpdatePageStateOutput } from './page-state.js';

type Tools = { weather: { input: { city: string }; output: { tempF: number } } };

describe('AgentUIMessage typing', () => {
  it('narrows app tool parts by type: input and output are the tool’s', () => {
    // (while the input streams it may be partial, so the city may still be missing)
    const city = (part: AgentUIMessage<Tools>['parts'][number]) => (part.type === 'tool-weather' ? part.input?.city : undefined);
    expectTypeOf(city).returns.toEqualTypeOf<string | undefined>();
    const output = (part: AgentUIMessage<Tools>['parts'][number]) =>
      part.type === 'tool-weather' && part.state === 'output-available' ? part.output : undefined;
    expectTypeOf(output).returns.toEqualTypeOf<{ tempF: number } | undefined>();
    const pageState = (part: AgentUIMessage<Tools>['parts'][number]) =>
      part.type === 'tool-update-page-state' && part.state === 'output-available' ? part.output : undefined;
    expectTypeOf(pageState).returns.toEqualTypeOf<UpdatePageStateOutput | undefined>();
  });

  it('lets addToolOutput check each tool’s output, platform tools included', () => {
    const check = (add: ChatAddToolOutputFunction<AgentUIMessage<Tools>>) => {
      void add({ tool: 'weather', toolCallId: 't', output: { tempF: 1 } });
      // @ts-expect-error: not the tool's output type
      void add({ tool: 'weather', toolCallId: 't', output: { tempC: 1 } });
      // @ts-expect-error: no such tool
      void add({ tool: 'nope', toolCallId: 't', output: {} });
      void add({ tool: 'update-page-state', toolCallId: 't', output: { ok: true, written: ['a'] } });
    };
    expect(typeof check).toBe('function');
  });

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
