import type { BaseEvent } from '@ag-ui/client';
import { describe, expect, it } from 'vitest';
import { agUiToChunks } from './ag-ui-to-chunks.js';

const map = (events: Record<string, unknown>[]) => {
  const mapping = agUiToChunks();
  return { chunks: events.flatMap((e) => mapping.map(e as BaseEvent)), mapping };
};

describe('agUiToChunks', () => {
  it('maps title and suggestions to their data parts and drops unknown custom events', () => {
    const { chunks } = map([
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'CUSTOM', name: 'x.chat-title', value: { title: 'Orders' } },
      { type: 'CUSTOM', name: 'x.suggestions', value: { items: ['More?'] } },
      { type: 'CUSTOM', name: 'on_interrupt', value: '{}' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ]);
    expect(chunks).toEqual([
      { type: 'start', messageMetadata: { runId: 'r', threadId: 't' } },
      { type: 'start-step' },
      { type: 'data-chat-title', data: { title: 'Orders' } },
      { type: 'data-suggestions', data: { items: ['More?'] } },
      { type: 'finish-step' },
      { type: 'finish', finishReason: 'stop' },
    ]);
  });

  it('starts a new step after a tool result, and ends tool calls the agent left open', () => {
    const { chunks } = map([
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'weather' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"city":' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '"Oslo"}' },
      { type: 'TOOL_CALL_RESULT', toolCallId: 'c1', messageId: 'm', content: '{"tempC":21}' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm2', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm2', delta: 'Warm.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm2' },
      { type: 'TOOL_CALL_START', toolCallId: 'c2', toolCallName: 'browserTool' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ]);
    expect(chunks.map((c) => c.type)).toEqual([
      'start', 'start-step', 'tool-input-start', 'tool-input-delta', 'tool-input-delta', 'tool-input-available', 'tool-output-available',
      'finish-step', 'start-step', 'text-start', 'text-delta', 'text-end', 'tool-input-start', 'tool-input-available', 'finish-step', 'finish',
    ]);
    expect(chunks.find((c) => c.type === 'tool-input-available')).toMatchObject({ toolCallId: 'c1', input: { city: 'Oslo' } });
    expect(chunks.find((c) => c.type === 'tool-output-available')).toMatchObject({ output: { tempC: 21 } });
  });

  it('turns interrupts into approval requests, RUN_ERROR into an error with its code, cancelled into abort', () => {
    const interrupted = map([
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'deleteRecord' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'interrupt', interrupts: [
        { id: 'i1', reason: 'x:tool_approval', toolCallId: 'c1' },
        { id: 'i2', reason: 'needs input', message: 'Which account?' },
      ] } },
    ]);
    expect(interrupted.chunks.filter((c) => c.type === 'tool-approval-request')).toEqual([
      { type: 'tool-approval-request', approvalId: 'i1', toolCallId: 'c1' },
      { type: 'tool-approval-request', approvalId: 'i2', toolCallId: 'i2' },
    ]);
    expect(interrupted.chunks).toContainEqual({ type: 'tool-input-available', toolCallId: 'i2', toolName: 'needs_input', input: { message: 'Which account?' } });
    expect(interrupted.mapping.interrupts.map((i) => i.id)).toEqual(['i1', 'i2']);

    expect(map([{ type: 'RUN_ERROR', message: 'Sign in.', code: 'unauthorized' }]).chunks).toEqual([{ type: 'error', errorText: 'Sign in. (unauthorized)' }]);
    expect(map([{ type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'cancelled' } }]).chunks.map((c) => c.type)).toEqual(['abort', 'finish-step', 'finish']);
  });
});
