import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import type { RecordedCall } from './fixture.js';
import { recordModel, toRecordedParts } from './record-model.js';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 2, text: 2, reasoning: undefined } };
const parts: LanguageModelV4StreamPart[] = [
  { type: 'stream-start', warnings: [] },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'Hel' },
  { type: 'text-delta', id: 't', delta: 'lo' },
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
];
const streamOf = (items: LanguageModelV4StreamPart[]) =>
  new ReadableStream<LanguageModelV4StreamPart>({
    start(c) {
      for (const p of items) c.enqueue(p);
      c.close();
    },
  });
const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }], providerOptions: { openai: { itemId: 'x' } } }];

describe('recordModel', () => {
  it('passes the stream through unchanged and records prompt, merged parts, usage and finish', async () => {
    const calls: RecordedCall[] = [];
    const model = recordModel(new MockLanguageModelV4({ doStream: async () => ({ stream: streamOf(parts) }) }), { onRecord: (c) => calls.push(c) });
    const seen: LanguageModelV4StreamPart[] = [];
    const reader = (await model.doStream({ prompt })).stream.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) seen.push(next.value);
    expect(seen).toEqual(parts);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      kind: 'stream',
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], // provider options are not part of the conversation
      tools: [],
      parts: [{ part: { type: 'text-start', id: 't' } }, { part: { type: 'text-delta', id: 't', delta: 'Hello' } }, { part: { type: 'text-end', id: 't' } }],
      finish: { finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1 } } },
    });
  });

  it('records what arrived when the caller stops reading', async () => {
    const calls: RecordedCall[] = [];
    const model = recordModel(new MockLanguageModelV4({ doStream: async () => ({ stream: streamOf(parts) }) }), { onRecord: (c) => calls.push(c) });
    const reader = (await model.doStream({ prompt })).stream.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.finish.finishReason).toBeNull();
    expect(calls[0]!.parts!.map((p) => p.part.type)).toEqual(['text-start']);
  });

  it('records generate calls with their content', async () => {
    const calls: RecordedCall[] = [];
    const inner = new MockLanguageModelV4({ doGenerate: async () => ({ content: [{ type: 'text', text: 'Title' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }) });
    const result = await recordModel(inner, { onRecord: (c) => calls.push(c) }).doGenerate({ prompt });
    expect(result.content).toEqual([{ type: 'text', text: 'Title' }]);
    expect(calls[0]).toMatchObject({ kind: 'generate', content: [{ type: 'text', text: 'Title' }] });
  });

  it('splits deltas further apart than a frame and keeps relative times', () => {
    const at = (ms: number, delta: string) => ({ at: ms, part: { type: 'text-delta', id: 't', delta } as LanguageModelV4StreamPart });
    expect(toRecordedParts([at(10, 'a'), at(15, 'b'), at(40, 'c')], 0, false)).toEqual([
      { ms: 15, part: { type: 'text-delta', id: 't', delta: 'ab' } },
      { ms: 25, part: { type: 'text-delta', id: 't', delta: 'c' } },
    ]);
    expect(toRecordedParts([at(10, 'a'), at(15, 'b')], 0, true)).toHaveLength(2);
  });
});
