import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { RUN_ID_HEADER } from '@x/agent-protocol/routes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { memoryRunLog } from '../runs/memory-run-log.js';
import { LOST_RUN_GRACE_MS } from '../runs/stale-run.js';
import { memoryStore } from '../store/memory-store.js';
import { pgliteStore } from '../store/pglite-store.js';
import { STALE_RUN_MS, type ConversationStore } from '../store/types.js';
import { gate, gatedTitleModel } from '../test-utils/gated-model.js';
import { mockModel, textParts, usage } from '../test-utils/mock-model.js';
import { toolCallParts } from '../test-utils/model-parts.js';
import { readChunks, userMessage } from '../test-utils/sse.js';
import { routeRequest, storeServer, turnRequest } from '../test-utils/store-server.js';
import { CHECKPOINT_INTERVAL_MS } from './reply-checkpoints.js';

// Issue 38: the API server is killed while a reply streams. What it had streamed up to its last
// checkpoint must be in the store, saved as interrupted once the run is known lost, with a title.
// A "death" here: the model's stream never ends and nobody reads on — the turn's finish path (the
// only other write of the reply) never runs; a new server on the same store then finds the run lost.

/** A model whose first call asks for a tool, and whose second streams `text` and then hangs (the process dies there). */
function dyingModel(text: string[]) {
  let calls = 0;
  const streamed = gate();
  const model = new MockLanguageModelV4({
    doStream: async () => {
      if (calls++ === 0) return { stream: simulateReadableStream({ chunks: toolCallParts({ toolName: 'lookup', input: { q: 'tides' } }), initialDelayInMs: null, chunkDelayInMs: null }) };
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: 't1' });
            for (const delta of text) controller.enqueue({ type: 'text-delta', id: 't1', delta });
            streamed.open();
            // …and nothing more: the process is gone.
          },
        }),
      };
    },
  });
  return { model, streamed: streamed.promise };
}

const titleModel = (title: string) =>
  new MockLanguageModelV4({ doGenerate: async () => ({ content: [{ type: 'text', text: title }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }) });

const lookup = { description: 'Look up', inputSchema: z.object({ q: z.string() }), execute: ({ q }: { q: string }) => ({ found: `${q}: high at noon` }) };

type Parts = { type: string; text?: string; state?: string }[];
const textIn = (parts: unknown) => (parts as Parts).map((p) => (p.type === 'text' ? p.text : '')).join('');

/** Starts a first turn on `store` and lets it die once `until` holds for the stored run; answers the run's id. */
async function turnThatDies(store: ConversationStore, conversationId: string, options: { text: string[]; title: MockLanguageModelV4; until: (run: Awaited<ReturnType<ConversationStore['getRun']>>) => boolean }) {
  const { model, streamed } = dyingModel(options.text);
  const { server } = storeServer(store, model, { tools: { lookup }, agents: { assistant: { model, tools: ['lookup'], generateTitle: { model: options.title } } } });
  const response = await server.fetch(turnRequest(conversationId, { messages: [userMessage('Tell me about the tides tonight', `${conversationId}-u1`)] }));
  const runId = response.headers.get(RUN_ID_HEADER)!;
  // The client reads a little, then the connection just stops (no cancel: the server is gone).
  void response.body!.getReader().read();
  await streamed;
  await vi.waitFor(async () => expect(options.until(await store.getRun('alice', runId))).toBe(true), { timeout: CHECKPOINT_INTERVAL_MS * 3 });
  return runId;
}

/** The server is back (a new process: an empty run log) and the tab re-attaches, later than the grace a run gets. */
async function restartAndReattach(store: ConversationStore, conversationId: string): Promise<Response> {
  const { server } = storeServer(store, new MockLanguageModelV4(), { runLog: memoryRunLog() });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + LOST_RUN_GRACE_MS + 1_000);
  try {
    return await server.fetch(routeRequest(`/${conversationId}/stream`));
  } finally {
    vi.useRealTimers();
  }
}

const stores: [string, () => ConversationStore][] = [
  ['memory store', () => memoryStore()],
  ['PGlite', () => pgliteStore({ dataDir: 'memory://' })],
];

describe.each(stores)('a server that dies mid-reply (%s)', (_, makeStore) => {
  let store: ConversationStore;
  // Opened (and migrated) once: PGlite's start is most of the time these tests take.
  beforeAll(async () => {
    store = makeStore();
    await store.listConversations('alice', { limit: 1 });
  }, 60_000);
  afterAll(async () => {
    await store.close?.();
  });

  it('leaves the checkpointed reply (its step and the tool result) saved as interrupted, and the generated title', async () => {
    const runId = await turnThatDies(store, 'c1', {
      text: ['The tide ', 'turns at '],
      title: titleModel('Tides tonight'),
      // The step end (the tool's result) was checkpointed.
      until: (run) => run?.checkpoint?.steps === 1,
    });
    expect((await store.loadThread('alice', 'c1'))!.map((m) => m.role)).toEqual(['user']); // history unchanged while it runs
    expect((await store.getConversation('alice', 'c1'))?.title).toBe('Tides tonight');

    expect((await restartAndReattach(store, 'c1')).status).toBe(204);
    const thread = (await store.loadThread('alice', 'c1'))!;
    expect(thread.map((m) => m.role)).toEqual(['user', 'assistant']);
    const reply = thread[1]!;
    expect(reply.parentId).toBe('c1-u1');
    expect(reply.metadata).toMatchObject({ stopReason: 'interrupted' });
    expect(reply.parts).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'tool-lookup', state: 'output-available', output: { found: 'tides: high at noon' } })]));
    expect(await store.getConversation('alice', 'c1')).toMatchObject({ title: 'Tides tonight', activeRunId: null });
    expect(await store.getRun('alice', runId)).toMatchObject({ status: 'failed', stopReason: 'interrupted', messageId: reply.id, checkpoint: null });

    // A later request adds what is new; it cannot rewrite the saved reply.
    const { server } = storeServer(store, new MockLanguageModelV4());
    const rewritten = { id: reply.id, role: 'assistant', parts: [{ type: 'text', text: 'Something I never said.' }] };
    const answer = await server.fetch(turnRequest('c1', { messages: [userMessage('Tell me about the tides tonight', 'c1-u1'), rewritten, userMessage('And tomorrow?', 'c1-u2')] }));
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('history_mismatch');
    expect((await store.loadThread('alice', 'c1'))!.find((m) => m.id === reply.id)!.parts).toEqual(reply.parts);
  });

  it('keeps the first user message as the title when the title was never generated', async () => {
    // The title call never answers: the process dies before it does.
    await turnThatDies(store, 'c2', { text: ['Half'], title: gatedTitleModel('never').model, until: (run) => run?.checkpoint?.steps === 1 });
    expect((await store.getConversation('alice', 'c2'))?.title).toBeNull();
    await restartAndReattach(store, 'c2');
    expect((await store.getConversation('alice', 'c2'))?.title).toBe('Tell me about the tides tonight');
  });
});

describe('a server that dies in the middle of a long text step (memory store)', () => {
  it('leaves the text streamed up to the last timed checkpoint, cut text marked done', async () => {
    const store = memoryStore();
    await turnThatDies(store, 'c3', {
      text: ['The tide ', 'turns at ', 'nine.'],
      title: titleModel('Tides'),
      // A timed checkpoint (at most CHECKPOINT_INTERVAL_MS into the stream) holds the text so far.
      until: (run) => textIn(run?.checkpoint?.reply.parts ?? []).endsWith('nine.'),
    });
    await restartAndReattach(store, 'c3');
    const reply = (await store.loadThread('alice', 'c3'))!.at(-1)!;
    expect(reply.metadata).toMatchObject({ stopReason: 'interrupted' });
    expect(textIn(reply.parts)).toBe('The tide turns at nine.');
    expect((reply.parts as Parts).find((p) => p.type === 'text')?.state).toBe('done');
  });
});

describe('a server that dies mid-reply, and the next message comes before any re-attach (memory store)', () => {
  it('saves the checkpointed reply as interrupted first; the new message follows it', async () => {
    const store = memoryStore();
    await turnThatDies(store, 'c4', { text: ['Half'], title: titleModel('Tides'), until: (run) => run?.checkpoint?.steps === 1 });
    const { server } = storeServer(store, mockModel(textParts('Here is tomorrow.')), { runLog: memoryRunLog() });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + STALE_RUN_MS + 1_000);
    try {
      await readChunks(await server.fetch(turnRequest('c4', { messages: [userMessage('And tomorrow?', 'c4-u2')] })));
    } finally {
      vi.useRealTimers();
    }
    const thread = (await store.loadThread('alice', 'c4'))!;
    expect(thread.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(thread[1]!.metadata).toMatchObject({ stopReason: 'interrupted' });
    expect(thread[1]!.parts).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'tool-lookup', state: 'output-available' })]));
    expect(textIn(thread[3]!.parts)).toBe('Here is tomorrow.');
  });
});
