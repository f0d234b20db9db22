// The consume side of A2UI on AG-UI: what @ag-ui/a2ui-middleware emits becomes `data-a2ui` parts.
import { A2UIMiddleware } from '@ag-ui/a2ui-middleware';
import { AbstractAgent, EventType, type BaseEvent, type Middleware, type RunAgentInput } from '@ag-ui/client';
import type { UIMessageChunk } from 'ai';
import { Observable } from 'rxjs';
import { act, renderHook } from '@testing-library/react';
import { A2UI_ACTION_PART } from '@x/agent-protocol/a2ui';
import { describe, expect, it } from 'vitest';
import { useAgentChat } from '../use-agent-chat.js';
import { agUiToChunks, agUiTransport } from '@x/agent-core/ag-ui';

/**
 * `@ag-ui/a2ui-middleware` 0.0.10 has no `exports` map: its one `types` file is read as CommonJS, so it
 * declares against `@ag-ui/client`'s CJS declarations while we import the ESM ones — two
 * `AbstractAgent` types for the same runtime class (TS only; at runtime it is the same module).
 */
const a2uiMiddleware = () => new A2UIMiddleware() as unknown as Middleware;

const components = [
  { id: 'root', component: 'Column', children: ['title'] },
  { id: 'title', component: 'Text', text: { path: '/title' } },
];

/** An agent that streams one tool call with these args and result, then finishes. */
class ScriptedAgent extends AbstractAgent {
  constructor(private readonly call: { name: string; args: string; result?: string }) {
    super();
  }
  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const emit = (event: Record<string, unknown>) => subscriber.next(event as unknown as BaseEvent); // the literal events of the protocol
      emit({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId });
      emit({ type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: this.call.name });
      // Streamed in small deltas, as a model would.
      for (let i = 0; i < this.call.args.length; i += 7) emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: this.call.args.slice(i, i + 7) });
      emit({ type: EventType.TOOL_CALL_END, toolCallId: 'c1' });
      if (this.call.result !== undefined) emit({ type: EventType.TOOL_CALL_RESULT, toolCallId: 'c1', messageId: 'r1', content: this.call.result });
      emit({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId });
      subscriber.complete();
    });
  }
}

async function chunksThroughMiddleware(agent: AbstractAgent): Promise<UIMessageChunk[]> {
  agent.use(a2uiMiddleware());
  const mapper = agUiToChunks();
  const chunks: UIMessageChunk[] = [];
  await agent.runAgent({}, { onEvent: ({ event }) => void chunks.push(...mapper.map(event)) });
  return chunks;
}

describe('A2UI activities of @ag-ui/a2ui-middleware', () => {
  it('map a streamed render_a2ui call to data-a2ui parts keyed by surface, the last one complete', async () => {
    const args = JSON.stringify({ surfaceId: 'card', components, data: { title: 'Table for two' } });
    const chunks = await chunksThroughMiddleware(new ScriptedAgent({ name: 'render_a2ui', args }));
    const parts = chunks.filter((c) => c.type === 'data-a2ui') as { id?: string; data: { surfaceId: string; messages: Record<string, unknown>[] } }[];
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.every((p) => p.id === 'card')).toBe(true);
    const last = parts.at(-1)!.data;
    expect(last.surfaceId).toBe('card');
    expect(last.messages.map((m) => Object.keys(m).find((k) => k !== 'version'))).toEqual(['createSurface', 'updateComponents', 'updateDataModel']);
    expect(last.messages[2]).toMatchObject({ updateDataModel: { surfaceId: 'card', path: '/', value: { title: 'Table for two' } } });
  });

  it('do not show a surface twice when a tool result already carries it', async () => {
    const result = JSON.stringify({
      a2ui_operations: [
        { version: 'v0.9', createSurface: { surfaceId: 'form', catalogId: 'basic' } },
        { version: 'v0.9', updateComponents: { surfaceId: 'form', components } },
      ],
    });
    const chunks = await chunksThroughMiddleware(new ScriptedAgent({ name: 'bookingForm', args: '{}', result }));
    expect(chunks.filter((c) => c.type === 'data-a2ui')).toEqual([]);
    const output = chunks.find((c) => c.type === 'tool-output-available') as { output: unknown } | undefined;
    expect(output?.output).toMatchObject({ a2ui_operations: expect.any(Array) });
  });

  it('ignore other activity types and malformed content', () => {
    const mapper = agUiToChunks();
    expect(mapper.map({ type: EventType.ACTIVITY_SNAPSHOT, messageId: 'm', activityType: 'other', content: {} } as unknown as BaseEvent)).toEqual([]); // a literal event
    expect(mapper.map({ type: EventType.ACTIVITY_SNAPSHOT, messageId: 'm', activityType: 'a2ui-surface', content: { a2ui_operations: 'nope' } } as unknown as BaseEvent)).toEqual([]); // a literal, malformed event
  });
});

/** Records what each run received, answers with one text message. */
class RecordingAgent extends AbstractAgent {
  inputs: RunAgentInput[] = [];
  run(input: RunAgentInput): Observable<BaseEvent> {
    this.inputs.push(input);
    return new Observable<BaseEvent>((subscriber) => {
      const emit = (event: Record<string, unknown>) => subscriber.next(event as unknown as BaseEvent); // the literal events of the protocol
      emit({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId });
      emit({ type: EventType.TEXT_MESSAGE_START, messageId: `m${this.inputs.length}`, role: 'assistant' });
      emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: `m${this.inputs.length}`, delta: 'Booked.' });
      emit({ type: EventType.TEXT_MESSAGE_END, messageId: `m${this.inputs.length}` });
      emit({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId });
      subscriber.complete();
    });
  }
}

describe('A2UI user actions over AG-UI', () => {
  it('go out as forwardedProps.a2uiAction, which the middleware turns into its log_a2ui_event messages', async () => {
    const agent = new RecordingAgent();
    agent.use(a2uiMiddleware());
    const transport = agUiTransport({ agent });
    const { result } = renderHook(() => useAgentChat({ agentId: 'x', transport, history: 'client' }));
    const action = { name: 'book', surfaceId: 'booking', sourceComponentId: 'submit', timestamp: '2026-11-25T12:00:00.000Z', context: { guests: 2 } };
    await act(() => result.current.sendMessage({ text: '', data: [{ type: A2UI_ACTION_PART, data: action }] }).then((r) => (r.sent ? r.done : undefined)));
    const input = agent.inputs[0]!;
    expect(input.forwardedProps).toMatchObject({ a2uiAction: { userAction: action } });
    const toolMessage = input.messages.find((m) => m.role === 'tool');
    expect(toolMessage?.content).toBe('User performed action "book" on surface "booking" (component: submit). Context: {"guests":2}');
    expect(result.current.messages[0]!.parts).toEqual([{ type: A2UI_ACTION_PART, data: action }]);
  });
});
