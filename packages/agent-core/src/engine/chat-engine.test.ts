import {
  AbstractChat,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  lastAssistantMessageIsCompleteWithToolCalls,
  type ChatInit, type ChatState, type ChatStatus, type ChatTransport, type UIMessage, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { ChatEngine } from './chat-engine.js';

// Differential tests: each scenario runs through the `ai` package's `AbstractChat` and through the
// kit's `ChatEngine` with the same state, transport script and callbacks; what each did (every state
// change, every request, every callback) must be the same.

type Step = { chunks: UIMessageChunk[]; hold?: boolean } | { fail: Error } | { resume: null };

/** A `ChatState` that records every change (a deep copy of the messages, the status, the error's message). */
class RecordingState implements ChatState<UIMessage> {
  status: ChatStatus = 'ready';
  #error: Error | undefined;
  #messages: UIMessage[];
  #queue: UIMessage[] = [];
  readonly log: unknown[] = [];

  constructor(messages: UIMessage[]) {
    this.#messages = messages;
  }

  get error() {
    return this.#error;
  }
  set error(error: Error | undefined) {
    this.#error = error;
    this.log.push(['error', error?.message]);
  }
  get messages() {
    return this.#messages;
  }
  set messages(messages: UIMessage[]) {
    this.#messages = [...messages];
    this.#record('messages');
  }
  get experimental_queuedMessages() {
    return this.#queue;
  }
  set experimental_queuedMessages(queue: UIMessage[]) {
    this.#queue = queue;
    this.log.push(['queue', queue.map((m) => m.id)]);
  }
  pushMessage = (message: UIMessage) => {
    this.#messages = [...this.#messages, this.snapshot(message)];
    this.#record('push');
  };
  popMessage = () => {
    this.#messages = this.#messages.slice(0, -1);
    this.#record('pop');
  };
  replaceMessage = (index: number, message: UIMessage) => {
    this.#messages = this.#messages.map((m, i) => (i === index ? this.snapshot(message) : m));
    this.#record('replace');
  };
  snapshot = <T,>(value: T): T => (value === undefined ? value : (structuredClone(value) as T));
  #record(kind: string) {
    this.log.push([kind, structuredClone(this.#messages)]);
  }
}

/** A transport that answers each request with the next step of its script and records the requests. */
function scriptedTransport(steps: Step[], log: unknown[]): ChatTransport<UIMessage> & { release: () => void } {
  let release = () => {};
  // Past its script the transport refuses: a scenario that sends more than it should ends in an error.
  const next = (): Step => steps.shift() ?? { fail: new Error('script: no more answers') };
  const streamOf = (step: { chunks: UIMessageChunk[]; hold?: boolean }, signal: AbortSignal | undefined) =>
    new ReadableStream<UIMessageChunk>({
      async start(controller) {
        for (const chunk of step.chunks) controller.enqueue(chunk);
        if (step.hold) {
          await new Promise<void>((resolve) => {
            release = resolve;
            signal?.addEventListener('abort', () => resolve());
          });
        }
        controller.close();
      },
    });
  return {
    release: () => release(),
    async sendMessages({ trigger, messageId, messages, abortSignal, body }) {
      log.push(['send', trigger, messageId, messages.map((m) => `${m.role}:${m.id}`), body]);
      const step = next();
      if ('fail' in step) throw step.fail;
      if ('resume' in step) throw new Error('script: a resume step answered a send');
      return streamOf(step, abortSignal);
    },
    async reconnectToStream({ abortSignal }) {
      log.push(['reconnect']);
      const step = next();
      if ('fail' in step) throw step.fail;
      if ('resume' in step) return null;
      return streamOf(step, abortSignal);
    },
  };
}

class SdkChat extends AbstractChat<UIMessage> {}

type Driver = (chat: ChatEngine<UIMessage> | SdkChat, transport: { release: () => void }) => Promise<void>;

interface Scenario {
  messages?: UIMessage[];
  steps: Step[];
  init?: (log: unknown[]) => Partial<ChatInit<UIMessage>>;
  drive: Driver;
}

async function run(kind: 'sdk' | 'engine', scenario: Scenario): Promise<unknown[]> {
  const log: unknown[] = [];
  const state = new RecordingState(structuredClone(scenario.messages ?? []));
  const transport = scriptedTransport(structuredClone(scenario.steps), log);
  let n = 0;
  const init = {
    id: 'chat-1',
    generateId: () => `id-${++n}`,
    transport,
    state,
    onError: (error: Error) => log.push(['onError', error.message]),
    onFinish: ({ message, isAbort, isDisconnect, isError, finishReason }: Parameters<NonNullable<ChatInit<UIMessage>['onFinish']>>[0]) =>
      log.push(['onFinish', message.id, isAbort, isDisconnect, isError, finishReason]),
    onData: (part: { type: string }) => log.push(['onData', part]),
    ...scenario.init?.(log),
  };
  const chat = kind === 'sdk' ? new SdkChat(init) : new ChatEngine<UIMessage>(init);
  await scenario.drive(chat, transport);
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  return [...log, ...state.log.map((entry) => ['state', entry]), ['final', chat.status, chat.error?.message, chat.messages, chat.experimental_queuedMessages]];
}

/** The final messages of a run's log (its last entry). */
const finalMessages = (log: unknown[]) => (log.at(-1) as [string, string, string | undefined, UIMessage[]])[3];
const texts = (messages: UIMessage[]) => messages.map((m) => m.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join(''));

async function expectSame(scenario: Scenario): Promise<unknown[]> {
  const sdk = await run('sdk', scenario);
  const engine = await run('engine', scenario);
  expect(engine).toEqual(sdk);
  return engine;
}

const text = (id: string, ...deltas: string[]): UIMessageChunk[] => [
  { type: 'text-start', id },
  ...deltas.map((delta) => ({ type: 'text-delta' as const, id, delta })),
  { type: 'text-end', id },
];
let replies = 0;
const reply = (...chunks: UIMessageChunk[]): UIMessageChunk[] => [
  { type: 'start', messageId: `reply-${++replies}` },
  { type: 'start-step' },
  ...chunks,
  { type: 'finish-step' },
  { type: 'finish', finishReason: 'stop' },
];
const toolCall = (toolCallId: string, toolName = 'weather', input: unknown = { city: 'Oslo' }): UIMessageChunk[] => [
  { type: 'tool-input-start', toolCallId, toolName },
  { type: 'tool-input-delta', toolCallId, inputTextDelta: JSON.stringify(input) },
  { type: 'tool-input-available', toolCallId, toolName, input },
];
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 1));
};

describe('ChatEngine behaves as the ai package’s AbstractChat', () => {
  it('sends a text message and streams the reply', async () => {
    const log = await expectSame({ steps: [{ chunks: reply(...text('t', 'Hel', 'lo')) }], drive: (chat) => chat.sendMessage({ text: 'hi' }) });
    const [, status, error, messages] = log.at(-1) as [string, string, string | undefined, UIMessage[]];
    expect([status, error]).toEqual(['ready', undefined]);
    expect(messages).toMatchObject([{ role: 'user' }, { role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: 'Hello' }] }]);
  });

  it('sends a message given as parts, with metadata, and data parts reach onData', async () => {
    await expectSame({
      steps: [{ chunks: reply({ type: 'data-note', id: 'n1', data: { a: 1 } }, { type: 'data-note', id: 'n1', data: { a: 2 } }, { type: 'data-ping', data: 1, transient: true }) }],
      drive: (chat) => chat.sendMessage({ parts: [{ type: 'text', text: 'x' }], metadata: { at: 1 } }),
    });
  });

  it('runs a browser tool through onToolCall and continues automatically', async () => {
    const log = await expectSame({
      steps: [{ chunks: reply(...toolCall('c1')) }, { chunks: reply(...text('t2', 'Sunny')) }],
      init: () => ({ sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls }),
      drive: async (chat) => {
        await chat.sendMessage({ text: 'weather?' });
        await chat.addToolOutput({ tool: 'weather', toolCallId: 'c1', output: { temp: 20 } });
      },
    });
    expect(log.filter((entry) => (entry as unknown[])[0] === 'send')).toHaveLength(2);
    expect(finalMessages(log)[1]!.parts).toMatchObject([{ type: 'step-start' }, { state: 'output-available', output: { temp: 20 } }]);
    expect(texts(finalMessages(log)).at(-1)).toBe('Sunny');
  });

  it('reports a tool error output', async () => {
    await expectSame({
      steps: [{ chunks: reply(...toolCall('c1')) }],
      drive: async (chat) => {
        await chat.sendMessage({ text: 'weather?' });
        await chat.addToolOutput({ state: 'output-error', tool: 'weather', toolCallId: 'c1', errorText: 'no network' });
      },
    });
  });

  it('answers an approval and sends it (automatically, then by sendMessage())', async () => {
    const approval: UIMessageChunk[] = [...toolCall('c1', 'delete', { id: 1 }), { type: 'tool-approval-request', approvalId: 'ap1', toolCallId: 'c1' }];
    await expectSame({
      steps: [{ chunks: reply(...approval) }, { chunks: reply({ type: 'tool-output-available', toolCallId: 'c1', output: 'done' }) }],
      init: () => ({ sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses }),
      drive: async (chat) => {
        await chat.sendMessage({ text: 'delete 1' });
        await chat.addToolApprovalResponse({ id: 'ap1', approved: true });
      },
    });
    await expectSame({
      steps: [{ chunks: reply(...approval) }, { chunks: reply({ type: 'tool-output-denied', toolCallId: 'c1' }) }],
      drive: async (chat) => {
        await chat.sendMessage({ text: 'delete 1' });
        await chat.addToolApprovalResponse({ id: 'ap1', approved: false, reason: 'no' });
        await chat.sendMessage();
      },
    });
  });

  it('fails on an error chunk, a refused request and a dropped connection', async () => {
    await expectSame({ steps: [{ chunks: [{ type: 'start' }, ...text('t', 'a'), { type: 'error', errorText: 'model failed' }] }], drive: (chat) => chat.sendMessage({ text: 'x' }) });
    await expectSame({ steps: [{ fail: new Error('{"error":{"code":"bad_request"}}') }], drive: (chat) => chat.sendMessage({ text: 'x' }) });
    const log = await expectSame({ steps: [{ fail: new TypeError('network error') }], drive: (chat) => chat.sendMessage({ text: 'x' }) });
    expect(log).toContainEqual(['onFinish', 'id-2', false, true, true, undefined]);
  });

  it('stops a streaming reply and keeps what arrived', async () => {
    await expectSame({
      steps: [{ chunks: [{ type: 'start', messageId: 'r' }, ...text('t', 'partial').slice(0, 2)], hold: true }],
      drive: async (chat) => {
        const sending = chat.sendMessage({ text: 'x' });
        await waitFor(() => chat.status === 'streaming');
        await chat.stop();
        await sending;
      },
    });
  });

  it('regenerates a reply and edits a user message (messageId)', async () => {
    const messages: UIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'one' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'first' }] },
    ];
    await expectSame({ messages, steps: [{ chunks: reply(...text('t', 'again')) }], drive: (chat) => chat.regenerate() });
    await expectSame({ messages, steps: [{ chunks: reply(...text('t', 'again')) }], drive: (chat) => chat.regenerate({ messageId: 'a1' }) });
    await expectSame({ messages, steps: [{ chunks: reply(...text('t', 'edited')) }], drive: (chat) => chat.sendMessage({ text: 'one!', messageId: 'u1' }) });
  });

  it('queues sends while a reply streams and sends them one after the other (experimental_queue)', async () => {
    const log = await expectSame({
      steps: [{ chunks: reply(...text('t', 'one')), hold: true }, { chunks: reply(...text('t', 'two')) }, { chunks: reply(...text('t', 'three')) }],
      init: () => ({ experimental_queue: true }),
      drive: async (chat, transport) => {
        const first = chat.sendMessage({ text: '1' });
        await waitFor(() => chat.status === 'streaming');
        const second = chat.sendMessage({ text: '2' });
        const third = chat.sendMessage({ text: '3' });
        await waitFor(() => chat.experimental_queuedMessages.length === 2);
        chat.experimental_removeQueuedMessage(chat.experimental_queuedMessages[1]!.id);
        transport.release();
        await Promise.all([first, second, third]);
        await waitFor(() => chat.status === 'ready' && chat.messages.length === 4);
      },
    });
    expect(texts(finalMessages(log))).toEqual(['1', 'one', '2', 'two']);
  });

  it('sends a queued message now (stopping the reply) and pauses the queue after a stop', async () => {
    await expectSame({
      steps: [{ chunks: reply(...text('t', 'one')), hold: true }, { chunks: reply(...text('t', 'now')) }],
      init: () => ({ experimental_queue: true }),
      drive: async (chat) => {
        void chat.sendMessage({ text: '1' });
        await waitFor(() => chat.status === 'streaming');
        void chat.sendMessage({ text: '2' });
        await waitFor(() => chat.experimental_queuedMessages.length === 1);
        await chat.experimental_sendQueuedMessageNow(chat.experimental_queuedMessages[0]!.id);
        await waitFor(() => chat.status === 'ready');
      },
    });
  });

  it('resumes a stream, and settles when there is nothing to resume', async () => {
    const messages: UIMessage[] = [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'q' }] }];
    await expectSame({ messages, steps: [{ resume: null }], drive: (chat) => chat.resumeStream() });
    await expectSame({ messages, steps: [{ chunks: reply(...text('t', 'resumed')) }], drive: (chat) => chat.resumeStream() });
    await expectSame({ messages, steps: [{ fail: new Error('gone') }], drive: (chat) => chat.resumeStream() });
  });

  it('clears an error', async () => {
    await expectSame({
      steps: [{ fail: new Error('refused') }],
      drive: async (chat) => {
        await chat.sendMessage({ text: 'x' });
        chat.clearError();
      },
    });
  });
});
