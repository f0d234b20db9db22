// How agUiTransport ends a reply that did not end well: a RUN_ERROR, a cut stream, a protocol violation.
import { act, renderHook, waitFor } from '@testing-library/react';
import { AbstractAgent, EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import type { StoredMessageMetadata } from '@x/agent-protocol/routes';
import { Observable } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { textOf } from '../test-utils/test-server.js';
import { useAgentChat } from '../use-agent-chat.js';
import { agUiTransport } from '@x/agent-core/ag-ui';
import { ScriptedAgent } from '../../../agent-core/src/test-utils/scripted-ag-ui-agent.js';

const started = (input: RunAgentInput): BaseEvent[] => [
  { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent,
  { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' } as BaseEvent,
  { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'Hello ' } as BaseEvent,
  { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'world' } as BaseEvent,
];

const stopReasonOf = (message: { metadata?: unknown } | undefined) => (message?.metadata as StoredMessageMetadata | undefined)?.stopReason;

let unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

/** Lets pending promise jobs and timers run, so an unhandled rejection would have been reported. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

async function send(agent: AbstractAgent) {
  const transport = agUiTransport({ agent });
  const hook = renderHook(() => useAgentChat({ agentId: 'x', transport, history: 'client' }));
  await act(() => hook.result.current.sendMessage({ text: 'hi' }).then((r) => (r.sent ? r.done : undefined)));
  await act(settle);
  return hook;
}

describe('agUiTransport: a RUN_ERROR', () => {
  it('is the reply’s error, keeps the text, and leaves no unhandled rejection', async () => {
    const agent = new ScriptedAgent((input) => [...started(input), { type: EventType.RUN_ERROR, message: 'model overloaded', code: 'overloaded' } as BaseEvent]);
    const { result } = await send(agent);
    await waitFor(() => expect(result.current.error?.message).toBe('model overloaded (overloaded)'));
    expect(textOf(result.current.messages[1])).toBe('Hello world');
    expect(result.current.status).toBe('error');
    expect(unhandled).toEqual([]);
  });
});

describe('agUiTransport: a stream that ends without RUN_FINISHED or RUN_ERROR (a cut connection)', () => {
  it('shows the reply as interrupted with what arrived, and Retry runs it again', async () => {
    let runs = 0;
    const agent = new ScriptedAgent((input) =>
      runs++ === 0 ? started(input) : [...started(input), { type: EventType.TEXT_MESSAGE_END, messageId: 'm1' } as BaseEvent, { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent],
    );
    const { result } = await send(agent);
    await waitFor(() => expect(result.current.error).toBeDefined());
    expect(result.current.status).toBe('error');
    expect(textOf(result.current.messages[1])).toBe('Hello world');
    expect(stopReasonOf(result.current.messages[1])).toBe('interrupted');
    expect(unhandled).toEqual([]);
    await act(() => result.current.regenerate());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.error).toBeUndefined();
    expect(result.current.messages.map((m) => textOf(m))).toEqual(['hi', 'Hello world']);
    expect(stopReasonOf(result.current.messages[1])).toBeUndefined();
  });
});

/** An agent whose run says "Hello " and, a moment later (the first events handed over by then), "world" and breaks the protocol. */
class LaterViolationAgent extends AbstractAgent {
  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const [runStarted, textStart, hello, world] = started(input);
      for (const event of [runStarted!, textStart!, hello!]) subscriber.next(event);
      const timer = setTimeout(() => {
        subscriber.next(world!);
        subscriber.next({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'never-started', delta: '{}' } as BaseEvent);
      }, 30);
      return () => clearTimeout(timer);
    });
  }
}

describe('agUiTransport: a protocol violation', () => {
  it('after events already handed over: only the ones not yet shown are added (nothing twice)', async () => {
    const { result } = await send(new LaterViolationAgent());
    await waitFor(() => expect(result.current.error).toBeDefined());
    expect(result.current.error!.message).toMatch(/AG-UI agent failed.*TOOL_CALL_ARGS/);
    expect(result.current.messages.map((m) => textOf(m))).toEqual(['hi', 'Hello world']);
    expect(unhandled).toEqual([]);
  });

  it('keeps the text received before it, and the violation is the reply’s error', async () => {
    const agent = new ScriptedAgent((input) => [...started(input), { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'never-started', delta: '!' } as BaseEvent]);
    const { result } = await send(agent);
    await waitFor(() => expect(result.current.error).toBeDefined());
    expect(result.current.error!.message).toMatch(/AG-UI agent failed.*TEXT_MESSAGE_CONTENT/);
    expect(textOf(result.current.messages[1])).toBe('Hello world');
    expect(unhandled).toEqual([]);
  });
});
