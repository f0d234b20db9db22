import * as sdk from 'ai';
import type { UIMessage, UIMessageChunk } from 'ai';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as ours from './ui-message-stream.js';

// ---------------------------------------------------------------------------------------------
// The oracles. `readUIMessageStream` is the SDK's export. Its `processUIMessageStream` and
// `createStreamingUIMessageState` are not exported: they are taken, unchanged, from the SDK's
// compiled module (its `src/ui/process-ui-message-stream.ts` region, with the helpers of theirs
// it uses), and given the SDK's exported tool helpers, error class and `parsePartialJson`.
// ---------------------------------------------------------------------------------------------

interface Applier {
  readUIMessageStream: typeof ours.readUIMessageStream;
  processUIMessageStream: typeof ours.processUIMessageStream;
  createStreamingUIMessageState: typeof ours.createStreamingUIMessageState;
}

function loadSdkApplier(): Applier {
  const source = readFileSync(createRequire(import.meta.url).resolve('ai'), 'utf8');
  const region = (name: string): string => {
    const start = source.indexOf(`//#region ${name}\n`);
    const end = source.indexOf('//#endregion', start);
    if (start < 0 || end < 0) throw new Error(`The SDK's module has no region ${name}`);
    return source.slice(start, end);
  };
  const declaration = (name: string): string => {
    const start = source.indexOf(`function ${name}(`);
    if (start < 0) throw new Error(`The SDK's module has no function ${name}`);
    return source.slice(start, source.indexOf('\n}\n', start) + 2);
  };
  const body = [
    region('src/util/merge-objects.ts'),
    region('src/util/create-id-map.ts'),
    declaration('isDataUIMessageChunk'),
    region('src/ui/process-ui-message-stream.ts'),
    'return { processUIMessageStream, createStreamingUIMessageState };',
  ].join('\n');
  const factory = new Function('isToolUIPart', 'isStaticToolUIPart', 'getStaticToolName', 'UIMessageStreamError', 'parsePartialJson', 'validateTypes', body) as (
    ...dependencies: unknown[]
  ) => Omit<Applier, 'readUIMessageStream'>;
  const validateTypes = () => {
    throw new Error('no schema is passed');
  };
  return {
    readUIMessageStream: sdk.readUIMessageStream,
    ...factory(sdk.isToolUIPart, sdk.isStaticToolUIPart, sdk.getStaticToolName, sdk.UIMessageStreamError, sdk.parsePartialJson, validateTypes),
  };
}

const SDK = loadSdkApplier();
const OURS: Applier = ours;

// ---------------------------------------------------------------------------------------------
// Running chunks through an applier, and comparing.
// ---------------------------------------------------------------------------------------------

type Chunk = UIMessageChunk;

/** A stream of copies of the chunks (an applier may mutate a chunk: a data part is the chunk itself). */
const streamOf = (chunks: readonly Chunk[]): ReadableStream<Chunk> =>
  new ReadableStream({
    start(controller) {
      for (const chunk of structuredClone(chunks)) controller.enqueue(chunk);
      controller.close();
    },
  });

/** An error as what is compared of it: its name and message, and a stream error's chunk type and ID. */
function describeError(error: unknown): unknown {
  if (!(error instanceof Error)) return { thrown: error };
  const { chunkType, chunkId } = error as Error & { chunkType?: string; chunkId?: string };
  return { name: error.name, message: error.message, ...(chunkType !== undefined ? { chunkType, chunkId } : {}) };
}

/** Waits for every pending job (a macrotask: the streams here run on microtasks). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

interface ReadOptions {
  message?: UIMessage;
  terminateOnError?: boolean;
}

/** `readUIMessageStream` to its end: the snapshots, the errors reported and thrown, and the given message after. */
async function read(applier: Applier, chunks: readonly Chunk[], { message, terminateOnError }: ReadOptions = {}) {
  const input = message && structuredClone(message);
  const snapshots: UIMessage[] = [];
  const errors: unknown[] = [];
  let thrown: unknown;
  try {
    const stream = applier.readUIMessageStream({ stream: streamOf(chunks), onError: (error) => errors.push(describeError(error)), ...(input ? { message: input } : {}), ...(terminateOnError ? { terminateOnError } : {}) });
    for await (const snapshot of stream) snapshots.push(snapshot);
  } catch (error) {
    thrown = describeError(error);
  }
  // The chunks after a terminating error are still applied (and their errors reported): let them.
  await settle();
  return { snapshots, errors, thrown, message: structuredClone(input) };
}

interface ProcessOptions {
  lastMessage?: UIMessage;
  messageId?: string;
  resetStateOnMessageIdChange?: boolean;
  resetStateOnFirstMessageStart?: boolean;
  /** Skip the job of these chunk indexes (as a chat's job runner does once aborted). */
  skip?: readonly number[];
}

/**
 * `processUIMessageStream` to its end, with every callback: one log of the writes (with their
 * options and the message then), tool calls, data parts and errors, in order; the chunks passed
 * through; the error the stream ended with; the state at the end.
 */
async function run(applier: Applier, chunks: readonly Chunk[], { lastMessage, messageId = 'generated-id', skip = [], ...options }: ProcessOptions = {}) {
  const log: unknown[] = [];
  const state = applier.createStreamingUIMessageState({ lastMessage: lastMessage && structuredClone(lastMessage), messageId });
  let index = 0;
  const output = applier.processUIMessageStream({
    stream: streamOf(chunks),
    runUpdateMessageJob: async (job) => {
      if (skip.includes(index++)) return;
      await job({ state, write: (writeOptions) => log.push({ write: writeOptions ?? 'none', message: structuredClone(state.message) }) });
    },
    onError: (error) => log.push({ onError: describeError(error) }),
    onToolCall: async ({ toolCall }) => {
      log.push({ onToolCall: structuredClone(toolCall) });
      await Promise.resolve();
    },
    onData: (part) => log.push({ onData: structuredClone(part) }),
    ...options,
  });
  const passed: unknown[] = [];
  let streamError: unknown;
  try {
    for await (const chunk of output as ReadableStream<Chunk> & AsyncIterable<Chunk>) passed.push(structuredClone(chunk));
  } catch (error) {
    streamError = describeError(error);
  }
  const end = structuredClone({ ...state, activeTextParts: { ...state.activeTextParts }, activeReasoningParts: { ...state.activeReasoningParts }, partialToolCalls: { ...state.partialToolCalls } });
  return { log, passed, streamError, state: end, hasFinishReason: 'finishReason' in state };
}

/**
 * Deep strict equality (undefined-valued keys count) that, unlike Vitest's `toStrictEqual`, does
 * not compare values' own `constructor` keys as their classes; Vitest's diff when they differ.
 */
function expectSame(actual: unknown, expected: unknown, label: string): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual, label).toStrictEqual(expected);
  expect(isDeepStrictEqual(actual, expected), label).toBe(true);
}

/** Runs the chunks through both appliers every way (read, read terminating on error, process with each option) and compares. */
async function expectSameEverywhere(chunks: readonly Chunk[], { message }: { message?: UIMessage } = {}) {
  const readOptions: ReadOptions[] = [{ message }, { message, terminateOnError: true }];
  const reads = [];
  for (const options of readOptions) {
    const [expected, actual] = [await read(SDK, chunks, options), await read(OURS, chunks, options)];
    expectSame(actual, expected, `read ${JSON.stringify({ ...options, message: undefined })}`);
    reads.push(expected);
  }
  const processOptions: ProcessOptions[] = [
    { lastMessage: message },
    { lastMessage: message, resetStateOnMessageIdChange: true },
    { lastMessage: message, resetStateOnFirstMessageStart: true },
  ];
  const runs = [];
  for (const options of processOptions) {
    const [expected, actual] = [await run(SDK, chunks, options), await run(OURS, chunks, options)];
    expectSame(actual, expected, `process ${JSON.stringify({ ...options, lastMessage: undefined })}`);
    runs.push(expected);
  }
  return { read: reads[0]!, readTerminating: reads[1]!, run: runs[0]! };
}

// ---------------------------------------------------------------------------------------------
// Hand-written chunk sequences.
// ---------------------------------------------------------------------------------------------

const pm = (value: string) => ({ provider: { value } });

const TEXT: Chunk[] = [
  { type: 'start', messageId: 'm1', messageMetadata: { createdAt: 1, model: { name: 'a' } } },
  { type: 'start-step' },
  { type: 'text-start', id: 't1', providerMetadata: pm('start') },
  { type: 'text-delta', id: 't1', delta: 'Hello' },
  { type: 'text-delta', id: 't1', delta: ', world', providerMetadata: pm('delta') },
  { type: 'text-start', id: 't2' },
  { type: 'text-delta', id: 't2', delta: 'other' },
  { type: 'text-end', id: 't1', citations: [{ type: 'url', url: 'https://example.com', title: 'Ex' }] as never },
  { type: 'text-end', id: 't2', providerMetadata: pm('end') },
  { type: 'finish-step' },
  { type: 'message-metadata', messageMetadata: { model: { version: 2 }, tags: ['x'] } },
  { type: 'finish', finishReason: 'stop', messageMetadata: { model: { name: 'b' }, tags: ['y'], skipped: undefined } },
];

const REASONING: Chunk[] = [
  { type: 'start' },
  { type: 'start-step' },
  { type: 'reasoning-start', id: 'r1', providerMetadata: pm('r') },
  { type: 'reasoning-delta', id: 'r1', delta: 'Think' },
  { type: 'reasoning-delta', id: 'r1', delta: 'ing', providerMetadata: pm('r2') },
  { type: 'reasoning-end', id: 'r1' },
  { type: 'reasoning-start', id: 'r2' },
  { type: 'reasoning-end', id: 'r2', providerMetadata: pm('r3') },
  { type: 'text-start', id: 'r1' },
  { type: 'text-delta', id: 'r1', delta: 'same id as the reasoning' },
  { type: 'text-end', id: 'r1' },
  { type: 'finish' },
];

const STATIC_TOOL: Chunk[] = [
  { type: 'start', messageId: 'm2' },
  { type: 'start-step' },
  { type: 'tool-input-start', toolCallId: 'c1', toolName: 'get-weather', title: 'Weather', toolMetadata: { source: 'x' }, providerMetadata: pm('call') },
  { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"city": "Os' },
  { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: 'lo", "days": [1, 2' },
  { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: ', 3], "metric": tr' },
  { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: 'ue}' },
  { type: 'tool-input-available', toolCallId: 'c1', toolName: 'get-weather', input: { city: 'Oslo', days: [1, 2, 3], metric: true }, providerMetadata: pm('available') },
  { type: 'tool-output-available', toolCallId: 'c1', output: { temp: 1 }, preliminary: true },
  { type: 'tool-output-available', toolCallId: 'c1', output: { temp: 2 }, providerMetadata: pm('result'), toolMetadata: { source: 'y' } },
  { type: 'finish-step' },
  { type: 'start-step' },
  { type: 'tool-input-available', toolCallId: 'c2', toolName: 'search', input: { q: 'a' }, title: 'Search' },
  { type: 'tool-output-error', toolCallId: 'c2', errorText: 'failed', providerMetadata: pm('error') },
  { type: 'tool-input-start', toolCallId: 'c3', toolName: 'search' },
  { type: 'tool-input-delta', toolCallId: 'c3', inputTextDelta: '{"q": "b' },
  { type: 'tool-output-error', toolCallId: 'c3', errorText: 'failed while streaming' },
  { type: 'finish', finishReason: 'tool-calls' },
];

const DYNAMIC_TOOL: Chunk[] = [
  { type: 'start' },
  { type: 'tool-input-start', toolCallId: 'd1', toolName: 'mcp-search', dynamic: true, title: 'MCP', providerMetadata: pm('d') },
  { type: 'tool-input-delta', toolCallId: 'd1', inputTextDelta: '{"query": ["a", {"b": nul' },
  { type: 'tool-input-available', toolCallId: 'd1', toolName: 'mcp-search', input: { query: ['a', { b: null }] }, dynamic: true, toolMetadata: { server: 's' } },
  { type: 'tool-output-available', toolCallId: 'd1', output: 'partial', preliminary: true, dynamic: true },
  { type: 'tool-output-available', toolCallId: 'd1', output: 'done', dynamic: true, providerMetadata: pm('r') },
  { type: 'tool-input-start', toolCallId: 'd2', toolName: 'mcp-fetch', dynamic: true },
  { type: 'tool-input-delta', toolCallId: 'd2', inputTextDelta: '{"url": "http' },
  { type: 'tool-output-error', toolCallId: 'd2', errorText: 'boom', dynamic: true },
  { type: 'tool-input-available', toolCallId: 'd3', toolName: 'mcp-x', input: 1, dynamic: true, title: 'X' },
  { type: 'tool-output-error', toolCallId: 'd3', errorText: 'no', toolMetadata: { a: 1 } },
  { type: 'finish' },
];

const PROVIDER_EXECUTED: Chunk[] = [
  { type: 'start' },
  { type: 'start-step' },
  { type: 'tool-input-start', toolCallId: 'p1', toolName: 'web_search', providerExecuted: true },
  { type: 'tool-input-delta', toolCallId: 'p1', inputTextDelta: '{"q":"x"}' },
  { type: 'tool-input-available', toolCallId: 'p1', toolName: 'web_search', input: { q: 'x' } },
  { type: 'tool-output-available', toolCallId: 'p1', output: [], providerExecuted: true },
  { type: 'tool-input-available', toolCallId: 'p2', toolName: 'web_search', input: {}, providerExecuted: true, dynamic: true },
  { type: 'tool-output-available', toolCallId: 'p2', output: 1 },
  { type: 'tool-input-available', toolCallId: 'p3', toolName: 'code', input: {}, providerExecuted: false },
  { type: 'finish' },
];

const TEXT_ENCODED_INPUT: Chunk[] = [
  { type: 'start' },
  { type: 'tool-input-start', toolCallId: 'e1', toolName: 'shell', inputEncoding: 'text' },
  { type: 'tool-input-delta', toolCallId: 'e1', inputTextDelta: 'ls -' },
  { type: 'tool-input-delta', toolCallId: 'e1', inputTextDelta: 'la {"not": json' },
  { type: 'tool-input-available', toolCallId: 'e1', toolName: 'shell', input: 'ls -la' },
  { type: 'tool-input-start', toolCallId: 'e2', toolName: 'shell', inputEncoding: 'text', dynamic: true },
  { type: 'tool-input-delta', toolCallId: 'e2', inputTextDelta: 'pwd' },
  { type: 'tool-input-start', toolCallId: 'e3', toolName: 'json', inputEncoding: 'json' },
  { type: 'tool-input-delta', toolCallId: 'e3', inputTextDelta: '[1,' },
  { type: 'finish' },
];

const TOOL_INPUT_ERRORS: Chunk[] = [
  { type: 'start' },
  { type: 'start-step' },
  { type: 'tool-input-error', toolCallId: 'i1', toolName: 'search', input: '{bad', errorText: 'Invalid input', providerMetadata: pm('x'), toolMetadata: { m: 1 } },
  { type: 'tool-input-error', toolCallId: 'i2', toolName: 'mcp', input: '{', errorText: 'Invalid', dynamic: true, providerExecuted: true },
  { type: 'tool-input-start', toolCallId: 'i3', toolName: 'mcp', dynamic: true, title: 'T' },
  { type: 'tool-input-delta', toolCallId: 'i3', inputTextDelta: '{"a' },
  // The part in this step is dynamic: the error keeps it dynamic although the chunk does not say so.
  { type: 'tool-input-error', toolCallId: 'i3', toolName: 'mcp', input: '{"a', errorText: 'Cut' },
  { type: 'tool-input-start', toolCallId: 'i4', toolName: 'search' },
  { type: 'tool-input-error', toolCallId: 'i4', toolName: 'search', input: {}, errorText: 'Said dynamic', dynamic: true },
  { type: 'start-step' },
  // The same tool call ID in a later step: a new part.
  { type: 'tool-input-error', toolCallId: 'i1', toolName: 'search', input: 1, errorText: 'again' },
  { type: 'finish' },
];

const APPROVALS: Chunk[] = [
  { type: 'start' },
  { type: 'start-step' },
  { type: 'tool-input-available', toolCallId: 'a1', toolName: 'delete', input: { path: '/' } },
  {
    type: 'tool-approval-request',
    approvalId: 'ap1',
    toolCallId: 'a1',
    approvalDescriptor: { risk: 'high' },
    inputSchemaInput: undefined,
    reason: 'Dangerous',
    isAutomatic: true,
    signature: 'sig',
  },
  { type: 'tool-approval-response', approvalId: 'ap1', approved: true, reason: 'ok', providerExecuted: true, providerMetadata: pm('approved') },
  { type: 'tool-output-available', toolCallId: 'a1', output: 'deleted' },
  { type: 'tool-input-available', toolCallId: 'a2', toolName: 'mcp', input: {}, dynamic: true },
  { type: 'tool-approval-request', approvalId: 'ap2', toolCallId: 'a2', isAutomatic: false },
  { type: 'tool-approval-response', approvalId: 'ap2', approved: false },
  { type: 'tool-output-denied', toolCallId: 'a2' },
  { type: 'tool-input-available', toolCallId: 'a3', toolName: 'send', input: { to: 'x' } },
  { type: 'tool-approval-request', approvalId: 'ap3', toolCallId: 'a3', inputSchemaInput: { to: 'y' } },
  { type: 'finish-step' },
  { type: 'start-step' },
  // Found by approval ID (anywhere in the message) and by tool call ID (in an earlier step).
  { type: 'tool-approval-response', approvalId: 'ap3', approved: true },
  { type: 'tool-output-error', toolCallId: 'a3', errorText: 'bounced' },
  { type: 'finish' },
];

const SOURCES_AND_FILES: Chunk[] = [
  { type: 'start' },
  { type: 'source-url', sourceId: 's1', url: 'https://a.example', title: 'A', providerMetadata: pm('s') },
  { type: 'source-url', sourceId: 's2', url: 'https://b.example' },
  { type: 'source-document', sourceId: 's3', mediaType: 'application/pdf', title: 'Doc', filename: 'doc.pdf', providerMetadata: pm('d') },
  { type: 'source-document', sourceId: 's4', mediaType: 'text/plain', title: 'Plain' },
  { type: 'file', url: 'data:image/png;base64,AAAA', mediaType: 'image/png' },
  { type: 'file', url: 'https://f.example/x.pdf', mediaType: 'application/pdf', providerMetadata: pm('f') },
  { type: 'reasoning-file', url: 'data:,x', mediaType: 'text/plain', providerMetadata: pm('rf') },
  { type: 'reasoning-file', url: 'data:,y', mediaType: 'text/plain' },
  { type: 'custom', kind: 'openai.compaction', providerMetadata: pm('c') },
  { type: 'custom', kind: 'a.b' },
  { type: 'steering-message', id: 'u1', parts: [{ type: 'text', text: 'also this' }] },
  { type: 'abort', reason: 'user' },
  { type: 'abort' },
  { type: 'finish', finishReason: 'other' },
];

const DATA_PARTS: Chunk[] = [
  { type: 'start' },
  { type: 'data-weather', id: 'w1', data: { city: 'Oslo', status: 'loading' } },
  { type: 'data-weather', data: { no: 'id' } },
  { type: 'data-status', id: 'w1', data: 'same id, other type' },
  { type: 'data-weather', id: 'w1', data: { city: 'Oslo', status: 'done' } },
  { type: 'data-notification', data: { message: 'transient' }, transient: true },
  { type: 'data-notification', id: 'n1', data: 'kept', transient: false },
  { type: 'data-notification', id: 'n1', data: 'replaced', transient: true },
  { type: 'data-weather', data: { no: 'id again' } },
  { type: 'start-step' },
  // A data part of an earlier step is still found by ID.
  { type: 'data-weather', id: 'w1', data: 'later' },
  { type: 'finish' },
];

const STEPS_AND_RESET: Chunk[] = [
  { type: 'start' },
  { type: 'start-step' },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'first step' },
  { type: 'text-end', id: 't' },
  { type: 'finish-step' },
  { type: 'start-step' },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'to be reset' },
  { type: 'tool-input-start', toolCallId: 'r1', toolName: 'search' },
  { type: 'tool-input-delta', toolCallId: 'r1', inputTextDelta: '{' },
  { type: 'reset-step' },
  { type: 'reset-step' },
  { type: 'text-start', id: 't2' },
  { type: 'text-delta', id: 't2', delta: 'after the reset' },
  { type: 'text-end', id: 't2' },
  { type: 'finish-step' },
  { type: 'start-step' },
  { type: 'finish-step' },
  { type: 'finish', finishReason: 'stop' },
];

const SAME_TOOL_CALL_ID_IN_TWO_STEPS: Chunk[] = [
  { type: 'start' },
  { type: 'start-step' },
  { type: 'tool-input-available', toolCallId: 'x', toolName: 'one', input: 1 },
  { type: 'tool-output-available', toolCallId: 'x', output: 'first' },
  { type: 'start-step' },
  { type: 'tool-input-start', toolCallId: 'x', toolName: 'two' },
  { type: 'tool-input-delta', toolCallId: 'x', inputTextDelta: '2' },
  { type: 'tool-input-available', toolCallId: 'x', toolName: 'two', input: 2 },
  { type: 'tool-output-available', toolCallId: 'x', output: 'second' },
  { type: 'start-step' },
  { type: 'tool-output-error', toolCallId: 'x', errorText: 'found in an earlier step: the last one' },
  { type: 'finish' },
];

const METADATA: Chunk[] = [
  { type: 'start' },
  { type: 'message-metadata', messageMetadata: { a: { b: 1, c: [1] }, d: 'x' } },
  { type: 'message-metadata', messageMetadata: { a: { b: 2, c: [2], e: { f: 1 } }, d: null } },
  { type: 'message-metadata', messageMetadata: null },
  { type: 'message-metadata', messageMetadata: JSON.parse('{"__proto__": {"polluted": 1}, "constructor": 1, "prototype": 2, "ok": 3}') },
  { type: 'message-metadata', messageMetadata: { d: undefined, g: new Date(0), h: { nested: true } } },
  { type: 'message-metadata', messageMetadata: { h: [1, 2] } },
  { type: 'message-metadata', messageMetadata: 'a string replaces nothing: it is merged key by key' },
  { type: 'finish', messageMetadata: { done: true } },
  { type: 'finish', finishReason: 'length' },
  { type: 'start', messageMetadata: { again: 1 } },
  { type: 'start', messageId: 'm9' },
];

const ERROR_CHUNKS: Chunk[] = [
  { type: 'start' },
  { type: 'text-start', id: 't' },
  { type: 'error', errorText: 'Something failed' },
  { type: 'text-delta', id: 't', delta: 'goes on' },
  { type: 'error', errorText: 'Again' },
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: 'error' },
];

const ID_KEYS: Chunk[] = [
  { type: 'start' },
  { type: 'text-start', id: '__proto__' },
  { type: 'text-delta', id: '__proto__', delta: 'a' },
  { type: 'text-delta', id: 'constructor', delta: 'not started' },
];

const SCENARIOS: Record<string, Chunk[]> = {
  'text parts': TEXT,
  'reasoning parts': REASONING,
  'static tool calls': STATIC_TOOL,
  'dynamic tool calls': DYNAMIC_TOOL,
  'provider-executed tool calls': PROVIDER_EXECUTED,
  'text-encoded tool input': TEXT_ENCODED_INPUT,
  'tool input errors': TOOL_INPUT_ERRORS,
  'tool approvals': APPROVALS,
  'sources, files, custom parts, steering messages, abort': SOURCES_AND_FILES,
  'data parts': DATA_PARTS,
  'steps and reset-step': STEPS_AND_RESET,
  'one tool call ID in two steps': SAME_TOOL_CALL_ID_IN_TWO_STEPS,
  'message metadata': METADATA,
  'error chunks': ERROR_CHUNKS,
  'IDs that are Object.prototype keys': ID_KEYS,
  'no chunks': [],
  'an unknown chunk type': [{ type: 'start' }, { type: 'unknown-thing', id: 'x' } as unknown as Chunk, { type: 'finish' }],
};

/** Chunks that do not fit the state: the SDK's errors. */
const ERRORS: Record<string, Chunk[]> = {
  'text-delta before text-start': [{ type: 'start' }, { type: 'text-delta', id: 'x', delta: 'a' }, { type: 'text-start', id: 'y' }],
  'text-end before text-start': [{ type: 'text-end', id: 'x' }],
  'text-delta after text-end': [{ type: 'text-start', id: 'x' }, { type: 'text-end', id: 'x' }, { type: 'text-delta', id: 'x', delta: 'late' }],
  'reasoning-delta before reasoning-start': [{ type: 'reasoning-delta', id: 'r', delta: 'a' }],
  'reasoning-end before reasoning-start': [{ type: 'start' }, { type: 'reasoning-end', id: 'r' }],
  'tool-input-delta before tool-input-start': [{ type: 'tool-input-delta', toolCallId: 'c', inputTextDelta: '{' }],
  'tool-input-delta after reset-step': [
    { type: 'tool-input-start', toolCallId: 'c', toolName: 'x' },
    { type: 'reset-step' },
    { type: 'tool-input-delta', toolCallId: 'c', inputTextDelta: '{' },
  ],
  'tool-output-available for an unknown call': [{ type: 'start' }, { type: 'tool-output-available', toolCallId: 'nope', output: 1 }, { type: 'text-start', id: 't' }],
  'tool-output-error for an unknown call': [{ type: 'tool-output-error', toolCallId: 'nope', errorText: 'x' }],
  'tool-output-denied for an unknown call': [{ type: 'tool-output-denied', toolCallId: 'nope' }],
  'tool-approval-request for an unknown call': [{ type: 'tool-approval-request', approvalId: 'a', toolCallId: 'nope' }],
  'tool-approval-response for an unknown approval': [
    { type: 'tool-input-available', toolCallId: 'c', toolName: 'x', input: {} },
    { type: 'tool-approval-response', approvalId: 'nope', approved: true },
  ],
  // `key in base` on a string: the SDK's merge throws a TypeError.
  'object metadata merged into string metadata': [
    { type: 'message-metadata', messageMetadata: 'abc' },
    { type: 'message-metadata', messageMetadata: { a: 1 } },
  ],
  'an error chunk, then a bad chunk': [{ type: 'error', errorText: 'first' }, { type: 'text-delta', id: 'x', delta: 'a' }],
  'an error chunk, then writes': [
    { type: 'start', messageId: 'm' },
    { type: 'error', errorText: 'first' },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: 'a' },
  ],
};

/** Assistant messages to continue. */
const STREAMING_TOOL_MESSAGE: UIMessage = {
  id: 'prev',
  role: 'assistant',
  metadata: { kept: { a: 1 } },
  parts: [
    { type: 'step-start' },
    { type: 'tool-old', toolCallId: 'o1', state: 'input-streaming', input: { a: 1 }, rawInput: '{"a": 1' },
    { type: 'step-start' },
    { type: 'text', text: 'Earlier text', state: 'done' },
    { type: 'tool-search', toolCallId: 's1', state: 'output-available', input: {}, output: 1 },
    { type: 'tool-search', toolCallId: 's2', state: 'input-streaming', input: { q: 'ab' }, rawInput: '{"q": "ab', title: 'S', toolMetadata: { t: 1 } },
    { type: 'dynamic-tool', toolName: 'mcp', toolCallId: 'd1', state: 'input-streaming', input: undefined, inputEncoding: 'text', rawInput: 'ec' },
    { type: 'tool-write', toolCallId: 'w1', state: 'input-streaming', input: undefined },
    { type: 'data-progress', id: 'p', data: 1 },
  ],
} as UIMessage;

const CONTINUATIONS: Array<{ name: string; message: UIMessage; chunks: Chunk[] }> = [
  {
    name: 'tool inputs streaming in the last step go on',
    message: STREAMING_TOOL_MESSAGE,
    chunks: [
      { type: 'tool-input-delta', toolCallId: 's2', inputTextDelta: 'c"}' },
      { type: 'tool-input-delta', toolCallId: 'd1', inputTextDelta: 'ho hi' },
      { type: 'tool-input-delta', toolCallId: 'w1', inputTextDelta: '{"file": "a' },
      { type: 'tool-input-available', toolCallId: 's2', toolName: 'search', input: { q: 'abc' } },
      { type: 'data-progress', id: 'p', data: 2 },
      { type: 'text-start', id: 'n' },
      { type: 'text-delta', id: 'n', delta: 'new' },
      { type: 'message-metadata', messageMetadata: { kept: { b: 2 } } },
      // Input streaming in an earlier step does not go on.
      { type: 'tool-input-delta', toolCallId: 'o1', inputTextDelta: '}' },
    ],
  },
  {
    name: 'a start chunk with the same message ID continues the message',
    message: STREAMING_TOOL_MESSAGE,
    chunks: [{ type: 'start', messageId: 'prev', messageMetadata: { x: 1 } }, { type: 'text-start', id: 't' }, { type: 'text-end', id: 't' }],
  },
  {
    name: 'a start chunk with another message ID (a new message when resetting on a changed ID)',
    message: STREAMING_TOOL_MESSAGE,
    chunks: [{ type: 'start', messageId: 'next' }, { type: 'text-start', id: 't' }, { type: 'tool-input-delta', toolCallId: 's2', inputTextDelta: '"' }],
  },
  {
    name: 'a start chunk without a message ID, then another with one',
    message: STREAMING_TOOL_MESSAGE,
    chunks: [{ type: 'start' }, { type: 'text-start', id: 't' }, { type: 'start', messageId: 'next', messageMetadata: { y: 1 } }, { type: 'start', messageId: 'next' }],
  },
  {
    name: 'tool output for a call of the continued message',
    message: STREAMING_TOOL_MESSAGE,
    chunks: [
      { type: 'start-step' },
      { type: 'tool-output-available', toolCallId: 's1', output: 2 },
      { type: 'tool-approval-request', approvalId: 'ap', toolCallId: 'o1' },
      { type: 'tool-approval-response', approvalId: 'ap', approved: false, reason: 'no' },
      { type: 'tool-output-denied', toolCallId: 'o1' },
    ],
  },
  {
    name: 'a user message is not continued',
    message: { id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] },
    chunks: [{ type: 'start' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'answer' }],
  },
];

describe('the UI message stream applier, against the SDK', () => {
  it('finds the SDK functions it compares with', () => {
    expect(typeof SDK.processUIMessageStream).toBe('function');
    expect(typeof SDK.createStreamingUIMessageState).toBe('function');
  });

  for (const [name, chunks] of Object.entries(SCENARIOS)) {
    it(`applies ${name} as the SDK does`, async () => {
      const { read } = await expectSameEverywhere(chunks);
      if (chunks.length > 3) expect(read.snapshots.length).toBeGreaterThan(0);
    });
  }

  for (const [name, chunks] of Object.entries(ERRORS)) {
    it(`fails as the SDK does: ${name}`, async () => {
      const { read, readTerminating, run } = await expectSameEverywhere(chunks);
      expect(read.errors.length).toBeGreaterThan(0);
      expect(readTerminating.thrown).toBeDefined();
      if (!chunks.some((chunk) => chunk.type === 'error')) expect(run.streamError).toBeDefined();
    });
  }

  for (const { name, message, chunks } of CONTINUATIONS) {
    it(`continues a message as the SDK does: ${name}`, async () => {
      await expectSameEverywhere(chunks, { message });
    });
  }

  it('calls onToolCall (awaited) and onData with the chunks, in the same order as the SDK', async () => {
    const chunks = [...STATIC_TOOL, ...DYNAMIC_TOOL, ...PROVIDER_EXECUTED, ...DATA_PARTS];
    const { run } = await expectSameEverywhere(chunks);
    const count = (key: string) => run.log.filter((entry) => typeof entry === 'object' && entry !== null && key in entry).length;
    // Tool calls c1, c2, d1, d3, p1 (its chunk does not say provider-executed, though its part is), p3.
    expect(count('onToolCall')).toBe(6);
    // Every data chunk, the transient ones included.
    expect(count('onData')).toBe(9);
  });

  it('resets on the first start chunk when asked, as the SDK does', async () => {
    const chunks: Chunk[] = [{ type: 'start' }, { type: 'text-start', id: 'a' }, { type: 'start' }, { type: 'text-delta', id: 'a', delta: 'still active' }];
    for (const options of [{ resetStateOnFirstMessageStart: true }, { resetStateOnFirstMessageStart: true, resetStateOnMessageIdChange: true }]) {
      const expected = await run(SDK, chunks, { ...options, lastMessage: STREAMING_TOOL_MESSAGE });
      expectSame(await run(OURS, chunks, { ...options, lastMessage: STREAMING_TOOL_MESSAGE }), expected, JSON.stringify(options));
      expect(expected.hasFinishReason).toBe(true);
    }
  });

  it('passes on only the chunks whose jobs ran, as the SDK does', async () => {
    const chunks: Chunk[] = [{ type: 'start' }, { type: 'start' }, { type: 'text-start', id: 'a' }, { type: 'text-delta', id: 'a', delta: 'x' }, { type: 'finish' }];
    const options = { skip: [0, 3], resetStateOnFirstMessageStart: true };
    expectSame(await run(OURS, chunks, options), await run(SDK, chunks, options), 'skipped jobs');
  });

  it('stops reading when the snapshots are no longer read', async () => {
    let pulled = 0;
    let cancelled = false;
    const stream = new ReadableStream<Chunk>({
      pull(controller) {
        pulled++;
        controller.enqueue(pulled === 1 ? { type: 'text-start', id: 't' } : { type: 'text-delta', id: 't', delta: 'x' });
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const snapshot of ours.readUIMessageStream({ stream })) {
      expect(snapshot.parts).toHaveLength(1);
      if (pulled > 5) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cancelled).toBe(true);
  });

  it('mutates the continued message in place, as the SDK does', async () => {
    const expected = await read(SDK, CONTINUATIONS[0]!.chunks, { message: STREAMING_TOOL_MESSAGE });
    const actual = await read(OURS, CONTINUATIONS[0]!.chunks, { message: STREAMING_TOOL_MESSAGE });
    expectSame(actual.message, expected.message, 'the given message');
    expect(actual.message).toStrictEqual(actual.snapshots.at(-1));
  });

  it('throws UIMessageStreamError with the chunk type and ID', async () => {
    const error = await ours
      .processUIMessageStream({ stream: streamOf([{ type: 'text-delta', id: 'x', delta: 'a' }]), runUpdateMessageJob: (job) => job({ state: ours.createStreamingUIMessageState({ lastMessage: undefined, messageId: 'm' }), write: () => {} }), onError: () => {} })
      .getReader()
      .read()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ours.UIMessageStreamError);
    expect(error).toMatchObject({
      name: 'AI_UIMessageStreamError',
      chunkType: 'text-delta',
      chunkId: 'x',
      message: 'Received text-delta for missing text part with ID "x". Ensure a "text-start" chunk is sent before any "text-delta" chunks.',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Generated chunk sequences.
// ---------------------------------------------------------------------------------------------

const KINDS = [
  'start',
  'start-step',
  'finish-step',
  'reset-step',
  'text-start',
  'text-delta',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'tool-start',
  'tool-delta',
  'tool-delta',
  'tool-delta',
  'tool-available',
  'tool-call',
  'tool-input-error',
  'tool-available',
  'approval-request',
  'approval-request',
  'approval-response',
  'approval-response',
  'output-available',
  'output-available',
  'output-error',
  'output-denied',
  'output-denied',
  'data',
  'source',
  'file',
  'custom',
  'steering',
  'metadata',
  'finish',
  'error',
  'abort',
] as const;

type Kind = (typeof KINDS)[number];

interface Command {
  kind: Kind;
  pick: number;
  text: string;
  flag: boolean;
  flag2: boolean;
  json: unknown;
  meta: Record<string, unknown>;
}

const metaArb = fc.dictionary(
  fc.constantFrom('a', 'b', 'c'),
  fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }), fc.dictionary(fc.constantFrom('x', 'y'), fc.integer(), { maxKeys: 2 })),
  { maxKeys: 3 },
);

const commandArb: fc.Arbitrary<Command> = fc.record({
  kind: fc.constantFrom(...KINDS),
  pick: fc.nat(1000),
  text: fc.string({ maxLength: 6 }),
  flag: fc.boolean(),
  flag2: fc.boolean(),
  json: fc.jsonValue({ maxDepth: 2 }),
  meta: metaArb,
});

type Phase = 'streaming' | 'available' | 'approval' | 'approved' | 'denied' | 'done';

interface ModelCall {
  id: string;
  name: string;
  dynamic: boolean;
  text: boolean;
  input: string;
  sent: number;
  phase: Phase;
  approvalId?: string;
  step: number;
}

/**
 * Turns commands into a valid chunk sequence: a small model of the stream (the open text and
 * reasoning parts, the tool calls and their states, the steps) picks what each command applies to
 * and skips a command that has nothing to apply to.
 */
function toChunks(commands: readonly Command[]): Chunk[] {
  const chunks: Chunk[] = [];
  let texts: string[] = [];
  let reasonings: string[] = [];
  let calls: ModelCall[] = [];
  let step = 0;
  let counter = 0;
  const pickFrom = <T>(list: readonly T[], pick: number): T | undefined => list[pick % Math.max(list.length, 1)];
  const callsIn = (...phases: Phase[]) => calls.filter((call) => phases.includes(call.phase));
  const toolNames = ['search', 'get-weather', 'a-b'];
  for (const { kind, pick, text, flag, flag2, json, meta } of commands) {
    const maybePm = flag2 ? { providerMetadata: pm(text) } : {};
    switch (kind) {
      case 'start':
        // A message ID may start a new message (and drop what is open): the model forgets it all.
        if (flag) [texts, reasonings, calls] = [[], [], []];
        chunks.push({ type: 'start', ...(flag ? { messageId: `m${pick % 2}` } : {}), ...(flag2 ? { messageMetadata: meta } : {}) });
        break;
      case 'start-step':
        step++;
        chunks.push({ type: 'start-step' });
        break;
      case 'finish-step':
        chunks.push({ type: 'finish-step' });
        break;
      case 'reset-step':
        texts = [];
        reasonings = [];
        calls = calls.filter((call) => call.step !== step && call.phase !== 'streaming');
        chunks.push({ type: 'reset-step' });
        break;
      case 'text-start':
      case 'reasoning-start': {
        const id = `${kind[0]}${counter++}`;
        (kind === 'text-start' ? texts : reasonings).push(id);
        chunks.push({ type: kind, id, ...maybePm });
        break;
      }
      case 'text-delta':
      case 'reasoning-delta': {
        const id = pickFrom(kind === 'text-delta' ? texts : reasonings, pick);
        if (id !== undefined) chunks.push({ type: kind, id, delta: text, ...maybePm });
        break;
      }
      case 'text-end': {
        const id = pickFrom(texts, pick);
        if (id === undefined) break;
        texts = texts.filter((open) => open !== id);
        chunks.push({ type: 'text-end', id, ...maybePm, ...(flag ? { citations: [{ type: 'url', url: 'https://c.example' }] as never } : {}) });
        break;
      }
      case 'reasoning-end': {
        const id = pickFrom(reasonings, pick);
        if (id === undefined) break;
        reasonings = reasonings.filter((open) => open !== id);
        chunks.push({ type: 'reasoning-end', id, ...maybePm });
        break;
      }
      case 'tool-start':
      case 'tool-call': {
        const call: ModelCall = {
          id: `c${counter++}`,
          name: toolNames[pick % 3]!,
          dynamic: flag,
          text: flag2 && pick % 3 === 0,
          input: JSON.stringify(json) ?? 'null',
          sent: 0,
          phase: kind === 'tool-start' ? 'streaming' : 'available',
          step,
        };
        calls.push(call);
        const common = {
          toolCallId: call.id,
          toolName: call.name,
          ...(call.dynamic ? { dynamic: true } : {}),
          ...(pick % 5 === 0 ? { providerExecuted: true } : {}),
          ...(pick % 4 === 1 ? { title: text } : {}),
          ...(pick % 7 === 2 ? { toolMetadata: { m: text } } : {}),
          ...maybePm,
        };
        if (kind === 'tool-start') chunks.push({ type: 'tool-input-start', ...common, ...(call.text ? { inputEncoding: 'text' } : pick % 6 === 3 ? { inputEncoding: 'json' } : {}) });
        else chunks.push({ type: 'tool-input-available', ...common, input: json });
        break;
      }
      case 'tool-delta': {
        const call = pickFrom(callsIn('streaming'), pick);
        if (call === undefined) break;
        const size = (pick % 7) + 1;
        chunks.push({ type: 'tool-input-delta', toolCallId: call.id, inputTextDelta: call.input.slice(call.sent, call.sent + size) });
        call.sent += size;
        // In a later step the SDK adds a new part for the call there (the old one stays as it was).
        call.step = step;
        break;
      }
      case 'tool-available': {
        const call = pickFrom(callsIn('streaming'), pick);
        if (call === undefined) break;
        call.phase = 'available';
        call.step = step;
        chunks.push({
          type: 'tool-input-available',
          toolCallId: call.id,
          toolName: call.name,
          input: call.text ? call.input : JSON.parse(call.input),
          ...(call.dynamic ? { dynamic: true } : {}),
          ...(flag ? { providerExecuted: flag2 } : {}),
          ...maybePm,
        });
        break;
      }
      case 'tool-input-error': {
        const streaming = pickFrom(callsIn('streaming'), pick);
        const call = streaming ?? { id: `c${counter++}`, name: toolNames[pick % 3]!, dynamic: flag };
        if (streaming) streaming.phase = 'done';
        chunks.push({ type: 'tool-input-error', toolCallId: call.id, toolName: call.name, input: json, errorText: text, ...(flag ? { dynamic: true } : {}), ...maybePm });
        break;
      }
      case 'approval-request': {
        const call = pickFrom(callsIn('available'), pick);
        if (call === undefined) break;
        call.phase = 'approval';
        call.approvalId = `a${counter++}`;
        chunks.push({
          type: 'tool-approval-request',
          approvalId: call.approvalId,
          toolCallId: call.id,
          ...(flag ? { approvalDescriptor: json, reason: text } : {}),
          ...(flag2 ? { isAutomatic: pick % 2 === 0, signature: text, inputSchemaInput: json } : {}),
        });
        break;
      }
      case 'approval-response': {
        const call = pickFrom(callsIn('approval'), pick);
        if (call === undefined) break;
        call.phase = flag ? 'approved' : 'denied';
        chunks.push({ type: 'tool-approval-response', approvalId: call.approvalId!, approved: flag, ...(flag2 ? { reason: text, providerExecuted: pick % 2 === 0 } : {}), ...maybePm });
        break;
      }
      case 'output-available':
      case 'output-error': {
        const call = pickFrom(callsIn('available', 'approved'), pick);
        if (call === undefined) break;
        const common = { toolCallId: call.id, ...(pick % 3 === 0 ? { providerExecuted: flag } : {}), ...(pick % 4 === 1 ? { toolMetadata: { out: text } } : {}), ...maybePm };
        if (kind === 'output-error') {
          call.phase = 'done';
          chunks.push({ type: 'tool-output-error', ...common, errorText: text });
        } else {
          const preliminary = flag && pick % 2 === 0;
          if (!preliminary) call.phase = 'done';
          chunks.push({ type: 'tool-output-available', ...common, output: json, ...(preliminary ? { preliminary: true } : {}) });
        }
        break;
      }
      case 'output-denied': {
        const call = pickFrom(callsIn('denied'), pick);
        if (call === undefined) break;
        call.phase = 'done';
        chunks.push({ type: 'tool-output-denied', toolCallId: call.id });
        break;
      }
      case 'data':
        chunks.push({
          type: `data-${pick % 2 === 0 ? 'weather' : 'status'}`,
          ...(flag ? { id: `d${pick % 3}` } : {}),
          data: json,
          ...(flag2 && pick % 3 === 0 ? { transient: true } : {}),
        } as Chunk);
        break;
      case 'source':
        chunks.push(
          flag
            ? { type: 'source-url', sourceId: `s${counter++}`, url: `https://${pick}.example`, ...(flag2 ? { title: text } : {}), ...maybePm }
            : { type: 'source-document', sourceId: `s${counter++}`, mediaType: 'text/plain', title: text, ...(flag2 ? { filename: 'f.txt' } : {}), ...maybePm },
        );
        break;
      case 'file':
        chunks.push({ type: flag ? 'file' : 'reasoning-file', url: `data:,${pick}`, mediaType: 'text/plain', ...maybePm });
        break;
      case 'custom':
        chunks.push({ type: 'custom', kind: `p.${text}`, ...maybePm });
        break;
      case 'steering':
        chunks.push({ type: 'steering-message', id: `u${counter++}`, parts: [{ type: 'text', text }] });
        break;
      case 'metadata':
        chunks.push({ type: 'message-metadata', messageMetadata: meta });
        break;
      case 'finish':
        chunks.push({ type: 'finish', ...(flag ? { finishReason: (['stop', 'length', 'tool-calls', 'interrupted'] as const)[pick % 4] } : {}), ...(flag2 ? { messageMetadata: meta } : {}) });
        break;
      case 'error':
        chunks.push({ type: 'error', errorText: text });
        break;
      case 'abort':
        chunks.push({ type: 'abort', ...(flag ? { reason: text } : {}) });
        break;
    }
  }
  return chunks;
}

/** Arbitrary chunks from a small vocabulary of IDs: most sequences do not fit, and fail somewhere. */
const looseChunkArb: fc.Arbitrary<Chunk> = (() => {
  const id = fc.constantFrom('a', 'b', '__proto__');
  const name = fc.constantFrom('search', 'x-y');
  const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  const chunk = <T extends object>(type: string, fields: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
    fc.record({ type: fc.constant(type), ...fields } as Record<string, fc.Arbitrary<unknown>>, { requiredKeys: ['type'] }) as fc.Arbitrary<Chunk>;
  return fc.oneof(
    chunk('start', { messageId: fc.constantFrom('m1', 'm2'), messageMetadata: metaArb }),
    fc.constantFrom<Chunk>({ type: 'start-step' }, { type: 'finish-step' }, { type: 'reset-step' }, { type: 'abort' }),
    fc.record({ type: fc.constantFrom('text-start', 'reasoning-start', 'text-end', 'reasoning-end'), id }) as fc.Arbitrary<Chunk>,
    fc.record({ type: fc.constantFrom('text-delta', 'reasoning-delta'), id, delta: fc.string({ maxLength: 3 }) }) as fc.Arbitrary<Chunk>,
    fc.record({ type: fc.constant('tool-input-start'), toolCallId: id, toolName: name, dynamic: optional(fc.boolean()), inputEncoding: optional(fc.constantFrom('json', 'text')) }, { requiredKeys: ['type', 'toolCallId', 'toolName'] }) as fc.Arbitrary<Chunk>,
    fc.record({ type: fc.constant('tool-input-delta'), toolCallId: id, inputTextDelta: fc.constantFrom('{"a', '": [1', ', tr', 'ue]}', '"') }) as fc.Arbitrary<Chunk>,
    fc.record({ type: fc.constantFrom('tool-input-available', 'tool-input-error'), toolCallId: id, toolName: name, input: fc.jsonValue({ maxDepth: 1 }), errorText: fc.constant('e'), dynamic: optional(fc.boolean()), providerExecuted: optional(fc.boolean()) }, { requiredKeys: ['type', 'toolCallId', 'toolName', 'input'] }) as fc.Arbitrary<Chunk>,
    fc.record({ type: fc.constant('tool-approval-request'), approvalId: id, toolCallId: id }) as fc.Arbitrary<Chunk>,
    fc.record({ type: fc.constant('tool-approval-response'), approvalId: id, approved: fc.boolean() }) as fc.Arbitrary<Chunk>,
    fc.record({ type: fc.constant('tool-output-available'), toolCallId: id, output: fc.integer(), preliminary: optional(fc.boolean()) }, { requiredKeys: ['type', 'toolCallId', 'output'] }) as fc.Arbitrary<Chunk>,
    fc.record({ type: fc.constant('tool-output-error'), toolCallId: id, errorText: fc.constant('e') }) as fc.Arbitrary<Chunk>,
    fc.record({ type: fc.constant('tool-output-denied'), toolCallId: id }) as fc.Arbitrary<Chunk>,
    fc.record({ type: fc.constantFrom('data-x', 'data-y'), id: optional(id), data: fc.integer(), transient: optional(fc.boolean()) }, { requiredKeys: ['type', 'data'] }) as fc.Arbitrary<Chunk>,
    chunk('message-metadata', { messageMetadata: metaArb }),
    chunk('finish', { finishReason: fc.constantFrom('stop', 'error'), messageMetadata: metaArb }),
    fc.record({ type: fc.constant('error'), errorText: fc.string({ maxLength: 3 }) }) as fc.Arbitrary<Chunk>,
  );
})();

/** An assistant message to continue, or none. */
const startArb = fc.constantFrom<UIMessage | undefined>(undefined, STREAMING_TOOL_MESSAGE, { id: 'm1', role: 'assistant', parts: [] });

describe('the UI message stream applier, against the SDK, on generated streams', () => {
  it('applies valid chunk sequences as the SDK does (every snapshot, callback and option)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 60, size: 'large' }), startArb, async (commands, message) => {
        const chunks = toChunks(commands);
        const { read } = await expectSameEverywhere(chunks, { message });
        // Valid: the only errors are the error chunks'.
        expect(read.errors).toHaveLength(chunks.filter((chunk) => chunk.type === 'error').length);
      }),
      { numRuns: 120 },
    );
  });

  it('applies arbitrary chunk sequences (mostly not fitting) as the SDK does, errors included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(looseChunkArb, { maxLength: 12 }), startArb, async (chunks, message) => {
        await expectSameEverywhere(chunks, { message });
      }),
      { numRuns: 150 },
    );
  });
});
