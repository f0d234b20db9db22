import type { UIMessageChunk } from 'ai';
import { EventSchemas } from '@ag-ui/core/schemas';
import { describe, expect, it } from 'vitest';
import { pageStateDelta, turnToAgUi } from './turn-to-ag-ui.js';

const run = (chunks: UIMessageChunk[], state?: Record<string, unknown>) => {
  const mapping = turnToAgUi({ threadId: 'conv-1', runId: 'client-run', state });
  const events = [...chunks.flatMap((c) => mapping.map(c)), ...mapping.end()];
  for (const event of events) expect(EventSchemas.safeParse(event).success, JSON.stringify(event)).toBe(true);
  return events;
};

describe('turnToAgUi', () => {
  it('maps reasoning, title and suggestions, and a stopped turn to a cancelled outcome', () => {
    const events = run([
      { type: 'start', messageId: 'reply-1', messageMetadata: { runId: 'run-ours' } },
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'thinking' },
      { type: 'reasoning-end', id: 'r' },
      { type: 'data-chat-title', id: 'chat-title', data: { title: 'Orders' } },
      { type: 'data-suggestions', data: { items: ['More?'] } },
      { type: 'message-metadata', messageMetadata: { stopReason: 'stopped' } },
      { type: 'finish' },
    ] as UIMessageChunk[]);
    expect(events.map((e) => e.type)).toEqual([
      'RUN_STARTED', 'REASONING_START', 'REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END', 'REASONING_END', 'CUSTOM', 'CUSTOM', 'RUN_FINISHED',
    ]);
    expect(events[0]).toMatchObject({ threadId: 'conv-1', runId: 'run-ours' });
    expect(events.filter((e) => e.type === 'CUSTOM')).toEqual([
      { type: 'CUSTOM', name: 'x.chat-title', value: { title: 'Orders' } },
      { type: 'CUSTOM', name: 'x.suggestions', value: { items: ['More?'] } },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', runId: 'run-ours', outcome: { type: 'cancelled' } });
  });

  it('closes what is open and sends nothing after RUN_ERROR', () => {
    const events = run([
      { type: 'start', messageId: 'reply-1' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Half' },
      { type: 'tool-input-start', toolCallId: 'c1', toolName: 'search' },
      { type: 'error', errorText: 'The model failed.' },
      { type: 'finish' },
    ] as UIMessageChunk[]);
    expect(events.map((e) => e.type)).toEqual(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TOOL_CALL_START', 'TEXT_MESSAGE_END', 'TOOL_CALL_END', 'RUN_ERROR']);
    expect(events.at(-1)).toMatchObject({ message: 'The model failed.', code: 'internal_error' });
  });

  it('sends tool errors and denials as results, and only final sub-agent outputs', () => {
    const events = run([
      { type: 'start', messageId: 'reply-1' },
      { type: 'tool-input-available', toolCallId: 'a', toolName: 'research', input: { q: 'x' } },
      { type: 'tool-output-available', toolCallId: 'a', output: { partial: true }, preliminary: true },
      { type: 'tool-output-available', toolCallId: 'a', output: { done: true } },
      { type: 'tool-input-available', toolCallId: 'b', toolName: 'fetch', input: {} },
      { type: 'tool-output-error', toolCallId: 'b', errorText: 'timeout' },
      { type: 'tool-output-denied', toolCallId: 'b' },
      { type: 'finish' },
    ] as UIMessageChunk[]);
    const results = events.filter((e) => e.type === 'TOOL_CALL_RESULT').map((e) => JSON.parse((e as { content: string }).content) as unknown);
    expect(results).toEqual([{ done: true }, { error: 'timeout' }, { denied: true }]);
  });
});

describe('pageStateDelta', () => {
  it('keeps exposed keys of the same kind only, and never reserved ones', () => {
    const state = { status: 'open', count: 1, tags: ['a'], note: null };
    expect(pageStateDelta(state, { updates: { status: 'done', count: 'two', hidden: 1, tags: ['b'], note: 'x', 'a/b': 1 } })).toEqual([
      { op: 'replace', path: '/status', value: 'done' },
      { op: 'replace', path: '/tags', value: ['b'] },
      { op: 'replace', path: '/note', value: 'x' },
    ]);
    expect(pageStateDelta(state, JSON.parse('{"updates":{"__proto__":{"status":"x"}}}'))).toEqual([]);
    expect(pageStateDelta(state, { updates: 'nope' })).toEqual([]);
  });
});
