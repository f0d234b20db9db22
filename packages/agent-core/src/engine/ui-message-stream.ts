import type {
  AsyncIterableStream,
  ChatOnDataCallback,
  ChatOnToolCallCallback,
  DataUIPart,
  DynamicToolUIPart,
  FinishReason,
  ProviderMetadata,
  ReasoningUIPart,
  TextUIPart,
  ToolUIPart,
  UIDataTypes,
  UIMessage,
  UIMessageChunk,
  UIMessagePart,
  UITools,
} from 'ai';
import { parsePartialJson } from './partial-json.js';
import { getStaticToolName, isStaticToolUIPart, isToolUIPart } from './tool-parts.js';

/**
 * The UI message stream applier: the AI SDK's (ai 7.0.173) `createStreamingUIMessageState`,
 * `processUIMessageStream` and `readUIMessageStream`, which turn a stream of `UIMessageChunk`s into
 * an assistant `UIMessage`, re-implemented without the SDK's runtime. Same results, callbacks and
 * errors; the SDK's optional `messageMetadataSchema` / `dataPartSchemas` validation is left out.
 */

type JSONObject = NonNullable<DynamicToolUIPart['toolMetadata']>;
type AnyPart = UIMessagePart<UIDataTypes, UITools>;
type AnyToolPart = ToolUIPart<UITools> | DynamicToolUIPart;
type ToolPartState = AnyToolPart['state'];
type ChunkOf<TYPE extends UIMessageChunk['type']> = Extract<UIMessageChunk, { type: TYPE }>;
type ToolCallOf<MESSAGE extends UIMessage> = Parameters<ChatOnToolCallCallback<MESSAGE>>[0]['toolCall'];
type DataPartOf<MESSAGE extends UIMessage> = Parameters<ChatOnDataCallback<MESSAGE>>[0];

/**
 * Thrown while applying a stream whose chunks do not fit together (a delta or end for a part never
 * started, a tool chunk for an unknown tool call). Its `name` and `message` are the AI SDK's
 * `UIMessageStreamError`'s.
 */
export class UIMessageStreamError extends Error {
  override readonly name = 'AI_UIMessageStreamError';
  /** The type of the chunk that failed (`tool-invocation` when no tool part has its tool call ID). */
  readonly chunkType: string;
  /** The chunk's part ID or tool call ID (or approval ID). */
  readonly chunkId: string;

  constructor({ chunkType, chunkId, message }: { chunkType: string; chunkId: string; message: string }) {
    super(message);
    this.chunkType = chunkType;
    this.chunkId = chunkId;
  }
}

/** A tool call whose input is streaming: what the tool-input-start chunk said, and the input text so far. */
export interface PartialToolCall {
  /** The raw input text received so far. */
  text: string;
  /** How the input text is encoded (JSON when undefined). */
  inputEncoding?: 'json' | 'text';
  /** The number of static tool parts before it in its step. */
  index: number;
  toolName: string;
  dynamic?: boolean;
  title?: string;
  toolMetadata?: JSONObject;
}

/** The message being built, and the parts of it still streaming. */
export interface StreamingUIMessageState<MESSAGE extends UIMessage> {
  /** The assistant message, mutated in place as chunks arrive. */
  message: MESSAGE;
  /** Text parts started and not yet ended, by chunk ID. */
  activeTextParts: Record<string, TextUIPart>;
  /** Reasoning parts started and not yet ended, by chunk ID. */
  activeReasoningParts: Record<string, ReasoningUIPart>;
  /** Tool calls whose input started streaming, by tool call ID. */
  partialToolCalls: Record<string, PartialToolCall>;
  /** The finish reason of the last `finish` chunk that had one. */
  finishReason?: FinishReason;
}

/** Options of a job's `write`. */
export interface UIMessageStreamWriteOptions {
  /** Whether the write should move the chat to `streaming` (false for a `start` chunk's write). Default true. */
  updateStatus?: boolean;
}

/**
 * One chunk's update of the state: it mutates `state` and calls `write` after each visible change
 * (the message's new snapshot is due).
 */
export type UIMessageUpdateJob<MESSAGE extends UIMessage> = (options: {
  state: StreamingUIMessageState<MESSAGE>;
  write: (options?: UIMessageStreamWriteOptions) => void;
}) => Promise<void>;

/**
 * Runs a chunk's job: supplies the state and the write function, serialises jobs if it must, and
 * may skip a job (then the chunk is not passed on).
 */
export type RunUpdateMessageJob<MESSAGE extends UIMessage> = (job: UIMessageUpdateJob<MESSAGE>) => Promise<void>;

/** Options of {@link processUIMessageStream}. */
export interface ProcessUIMessageStreamOptions<MESSAGE extends UIMessage> {
  /** The chunks to apply. */
  stream: ReadableStream<UIMessageChunk>;
  /** Runs each chunk's update job (see {@link RunUpdateMessageJob}). */
  runUpdateMessageJob: RunUpdateMessageJob<MESSAGE>;
  /** Called with `new Error(errorText)` for each `error` chunk (the stream goes on). */
  onError: (error: unknown) => void;
  /** Called (and awaited) after a `tool-input-available` chunk of a tool the provider does not execute, with the chunk. */
  onToolCall?: ChatOnToolCallCallback<MESSAGE>;
  /** Called with each `data-*` chunk, transient ones included (which are not added to the message). */
  onData?: ChatOnDataCallback<MESSAGE>;
  /** Start a new message when a `start` chunk's `messageId` differs from the message's ID. */
  resetStateOnMessageIdChange?: boolean;
  /** Start a new message at the stream's first `start` chunk (a resumed stream that replays from its beginning). */
  resetStateOnFirstMessageStart?: boolean;
}

/**
 * The state a stream's chunks are applied to: `lastMessage` when it is an assistant message (it is
 * continued, and mutated in place; tool calls of its last step still streaming their input go on
 * streaming), else a new empty assistant message with ID `messageId`.
 */
export function createStreamingUIMessageState<MESSAGE extends UIMessage>({
  lastMessage,
  messageId,
}: {
  lastMessage: MESSAGE | undefined;
  messageId: string;
}): StreamingUIMessageState<MESSAGE> {
  const message = lastMessage?.role === 'assistant' ? lastMessage : (emptyAssistantMessage(messageId) as MESSAGE);
  return {
    message,
    activeTextParts: createIdMap(),
    activeReasoningParts: createIdMap(),
    partialToolCalls: streamingToolCalls(message.parts),
  };
}

function emptyAssistantMessage(id: string): UIMessage {
  return { id, metadata: undefined, role: 'assistant', parts: [] };
}

/** A lookup table keyed by IDs from the stream: no prototype, so `__proto__` and `constructor` are plain keys. */
function createIdMap<VALUE>(): Record<string, VALUE> {
  return Object.create(null) as Record<string, VALUE>;
}

/** The tool calls of the last step whose input is still streaming, to continue them. */
function streamingToolCalls(parts: readonly AnyPart[]): Record<string, PartialToolCall> {
  const calls = createIdMap<PartialToolCall>();
  let staticTools = 0;
  for (const part of parts.slice(lastStepStart(parts) + 1)) {
    if (!isToolUIPart(part)) continue;
    const index = staticTools;
    if (isStaticToolUIPart(part)) staticTools++;
    if (part.state !== 'input-streaming') continue;
    calls[part.toolCallId] = {
      text: part.rawInput ?? '',
      inputEncoding: part.inputEncoding,
      index,
      toolName: part.type === 'dynamic-tool' ? part.toolName : getStaticToolName(part),
      dynamic: part.type === 'dynamic-tool',
      title: part.title,
      toolMetadata: part.toolMetadata,
    };
  }
  return calls;
}

const lastStepStart = (parts: readonly AnyPart[]): number => parts.findLastIndex((part) => part.type === 'step-start');

/** The parts after the last `step-start` (all of them when there is none). */
const currentStepParts = (parts: readonly AnyPart[]): AnyPart[] => parts.slice(lastStepStart(parts) + 1);

/**
 * Applies a stream of UI message chunks to a message: each chunk becomes a job run by
 * `runUpdateMessageJob`, which updates the state and writes. Returns the chunks, passed through
 * once applied. A chunk that does not fit the state (see {@link UIMessageStreamError}) errors the
 * returned stream.
 */
export function processUIMessageStream<MESSAGE extends UIMessage>({
  stream,
  runUpdateMessageJob,
  onError,
  onToolCall,
  onData,
  resetStateOnMessageIdChange = false,
  resetStateOnFirstMessageStart = false,
}: ProcessUIMessageStreamOptions<MESSAGE>): ReadableStream<UIMessageChunk> {
  let isFirstMessageStart = true;
  const callbacks: ChunkCallbacks = {
    onError,
    onToolCall: onToolCall && ((toolCall) => onToolCall({ toolCall: toolCall as ToolCallOf<MESSAGE> })),
    onData: onData && ((part) => onData(part as DataPartOf<MESSAGE>)),
  };
  return stream.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      async transform(chunk, controller) {
        await runUpdateMessageJob(async ({ state, write }) => {
          const applier: Applier = { state, write, callbacks };
          if (chunk.type === 'start') {
            const isFirst = isFirstMessageStart;
            isFirstMessageStart = false;
            applyStart(applier, chunk, (resetStateOnFirstMessageStart && isFirst) || (resetStateOnMessageIdChange && chunk.messageId != null && chunk.messageId !== state.message.id));
          } else {
            const callback = applyChunk(applier, chunk);
            if (callback) await callback;
          }
          controller.enqueue(chunk);
        });
      },
    }),
  );
}

/** The callbacks the chunks call, on the applier's untyped view of the message. */
interface ChunkCallbacks {
  onError: (error: unknown) => void;
  onToolCall: ((toolCall: ChunkOf<'tool-input-available'>) => void | PromiseLike<void>) | undefined;
  onData: ((part: DataChunk) => void) | undefined;
}

/** What a chunk is applied with: the state (seen as holding any message), its write, the callbacks. */
interface Applier {
  state: StreamingUIMessageState<UIMessage>;
  write: (options?: UIMessageStreamWriteOptions) => void;
  callbacks: ChunkCallbacks;
}

/**
 * Applies one chunk other than `start`. Synchronous but for an `onToolCall` to await (a promise is
 * returned then only): a chunk's job takes no more microtask turns than the SDK's.
 */
function applyChunk(applier: Applier, chunk: UIMessageChunk): void | Promise<void> {
  const { state, write } = applier;
  switch (chunk.type) {
    case 'text-start':
    case 'text-delta':
    case 'text-end':
      applyTextChunk(applier, chunk);
      return;
    case 'reasoning-start':
    case 'reasoning-delta':
    case 'reasoning-end':
      applyReasoningChunk(applier, chunk);
      return;
    case 'custom':
      pushPart(applier, { type: 'custom', kind: chunk.kind, providerMetadata: chunk.providerMetadata });
      return;
    case 'file':
    case 'reasoning-file':
      pushPart(applier, { type: chunk.type, mediaType: chunk.mediaType, url: chunk.url, ...(chunk.providerMetadata != null ? { providerMetadata: chunk.providerMetadata } : {}) });
      return;
    case 'source-url':
      pushPart(applier, { type: 'source-url', sourceId: chunk.sourceId, url: chunk.url, title: chunk.title, providerMetadata: chunk.providerMetadata });
      return;
    case 'source-document':
      pushPart(applier, {
        type: 'source-document',
        sourceId: chunk.sourceId,
        mediaType: chunk.mediaType,
        title: chunk.title,
        filename: chunk.filename,
        providerMetadata: chunk.providerMetadata,
      });
      return;
    case 'steering-message':
      pushPart(applier, { type: 'steering-message', id: chunk.id, parts: chunk.parts });
      return;
    case 'tool-input-start':
      applyToolInputStart(applier, chunk);
      return;
    case 'tool-input-delta':
      applyToolInputDelta(applier, chunk);
      return;
    case 'tool-input-available':
      return applyToolInputAvailable(applier, chunk);
    case 'tool-input-error':
      applyToolInputError(applier, chunk);
      return;
    case 'tool-approval-request':
      applyApprovalRequest(applier, chunk);
      return;
    case 'tool-approval-response':
      applyApprovalResponse(applier, chunk);
      return;
    case 'tool-output-denied':
      findToolPart(state.message.parts, chunk.toolCallId).state = 'output-denied';
      write();
      return;
    case 'tool-output-available':
    case 'tool-output-error':
      applyToolOutput(applier, chunk);
      return;
    case 'start-step':
      // A step boundary is no visible change: no write.
      state.message.parts.push({ type: 'step-start' });
      return;
    case 'reset-step':
      applyResetStep(applier);
      return;
    case 'finish':
      if (chunk.finishReason != null) state.finishReason = chunk.finishReason;
      applyMetadata(applier, chunk.messageMetadata);
      return;
    case 'message-metadata':
      applyMetadata(applier, chunk.messageMetadata);
      return;
    case 'error':
      applier.callbacks.onError?.(new Error(chunk.errorText));
      return;
    case 'start':
    case 'finish-step':
    case 'abort':
      return;
    default:
      if (chunk.type.startsWith('data-')) applyDataChunk(applier, chunk);
  }
}

function pushPart({ state, write }: Applier, part: AnyPart): void {
  state.message.parts.push(part);
  write();
}

/**
 * A `start` chunk: a new message first when `reset`, then its message ID and metadata. It writes
 * (without moving the status) only when something changed.
 */
function applyStart(applier: Applier, chunk: ChunkOf<'start'>, reset: boolean): void {
  const { state } = applier;
  if (reset) {
    Object.assign(state, createStreamingUIMessageState<UIMessage>({ lastMessage: undefined, messageId: chunk.messageId ?? state.message.id }), {
      finishReason: undefined,
    });
  }
  if (chunk.messageId != null) state.message.id = chunk.messageId;
  mergeMessageMetadata(state.message, chunk.messageMetadata);
  if (reset || chunk.messageId != null || chunk.messageMetadata != null) applier.write({ updateStatus: false });
}

/** A `finish` or `message-metadata` chunk's metadata, merged into the message's (and written) when present. */
function applyMetadata({ state, write }: Applier, metadata: unknown): void {
  mergeMessageMetadata(state.message, metadata);
  if (metadata != null) write();
}

function mergeMessageMetadata(message: UIMessage, metadata: unknown): void {
  if (metadata == null) return;
  message.metadata = message.metadata != null ? mergeObjects(message.metadata, metadata) : metadata;
}

const isMergeable = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof RegExp);

/**
 * Deep-merges `overrides` into a copy of `base` (the SDK's `mergeObjects`): plain objects merge
 * key by key; any other value (arrays included) replaces; undefined values and the keys
 * `__proto__`, `constructor` and `prototype` are skipped.
 */
function mergeObjects(base: unknown, overrides: unknown): unknown {
  const result: Record<string, unknown> = { ...(base as object) };
  for (const key in overrides as object) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    if (!Object.prototype.hasOwnProperty.call(overrides, key)) continue;
    const value: unknown = (overrides as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const baseValue: unknown = key in (base as object) ? (base as Record<string, unknown>)[key] : undefined;
    result[key] = isMergeable(value) && isMergeable(baseValue) ? mergeObjects(baseValue, value) : value;
  }
  return result;
}

type TextChunk = ChunkOf<'text-start' | 'text-delta' | 'text-end'>;
type ReasoningChunk = ChunkOf<'reasoning-start' | 'reasoning-delta' | 'reasoning-end'>;

function applyTextChunk({ state, write }: Applier, chunk: TextChunk): void {
  if (chunk.type === 'text-start') {
    const part: TextUIPart = { type: 'text', text: '', providerMetadata: chunk.providerMetadata, state: 'streaming' };
    state.activeTextParts[chunk.id] = part;
    state.message.parts.push(part);
  } else {
    const part = state.activeTextParts[chunk.id];
    if (part == null) throw missingPartError(chunk.type, chunk.id, 'text part', 'text-start');
    if (chunk.type === 'text-delta') part.text += chunk.delta;
    else {
      part.state = 'done';
      if (chunk.citations != null) part.citations = chunk.citations;
      delete state.activeTextParts[chunk.id];
    }
    part.providerMetadata = chunk.providerMetadata ?? part.providerMetadata;
  }
  write();
}

function applyReasoningChunk({ state, write }: Applier, chunk: ReasoningChunk): void {
  if (chunk.type === 'reasoning-start') {
    const part: ReasoningUIPart = { type: 'reasoning', id: chunk.id, text: '', providerMetadata: chunk.providerMetadata, state: 'streaming' };
    state.activeReasoningParts[chunk.id] = part;
    state.message.parts.push(part);
  } else {
    const part = state.activeReasoningParts[chunk.id];
    if (part == null) throw missingPartError(chunk.type, chunk.id, 'reasoning part', 'reasoning-start');
    if (chunk.type === 'reasoning-delta') part.text += chunk.delta;
    else {
      part.state = 'done';
      delete state.activeReasoningParts[chunk.id];
    }
    part.providerMetadata = chunk.providerMetadata ?? part.providerMetadata;
  }
  write();
}

/** The SDK's error for a delta or end chunk whose part (or tool call) was never started. */
function missingPartError(chunkType: string, chunkId: string, what: string, startType: string): UIMessageStreamError {
  return new UIMessageStreamError({
    chunkType,
    chunkId,
    message: `Received ${chunkType} for missing ${what} with ID "${chunkId}". Ensure a "${startType}" chunk is sent before any "${chunkType}" chunks.`,
  });
}

/** A data part: passed to `onData`; unless transient, added, or replacing the data of the part with its type and ID. */
function applyDataChunk({ state, write, callbacks }: Applier, chunk: DataChunk): void {
  if (chunk.transient) {
    callbacks.onData?.(chunk);
    return;
  }
  const { parts } = state.message;
  const existing =
    chunk.id != null ? parts.find((part): part is DataUIPart<UIDataTypes> => part.type === chunk.type && 'id' in part && part.id === chunk.id) : undefined;
  // The chunk itself becomes the part (with its `transient` key, when it has one).
  if (existing != null) existing.data = chunk.data;
  else parts.push(chunk);
  callbacks.onData?.(chunk);
  write();
}

/** A `data-*` chunk. */
type DataChunk = Extract<UIMessageChunk, { type: `data-${string}` }>;

// ---- Tool parts ----

/** A tool part, static or dynamic, as the fields the applier reads and writes. */
interface ToolPartFields {
  type: string;
  toolName?: string;
  toolCallId: string;
  state: ToolPartState;
  title?: string;
  toolMetadata?: JSONObject;
  input?: unknown;
  inputEncoding?: 'json' | 'text';
  output?: unknown;
  rawInput?: unknown;
  errorText?: string;
  providerExecuted?: boolean;
  preliminary?: boolean;
  callProviderMetadata?: ProviderMetadata;
  resultProviderMetadata?: ProviderMetadata;
  approval?: ToolApproval;
}

type ToolApproval = NonNullable<AnyToolPart['approval']> & { approved?: boolean; reason?: string };

/** A tool part as its writable fields. */
const fieldsOf = (part: AnyToolPart): ToolPartFields => part as ToolPartFields;

/** A change of a tool part, static or dynamic (fields left undefined are cleared, as in the SDK). */
interface ToolUpdate {
  toolCallId: string;
  toolName: string;
  state: 'input-streaming' | 'input-available' | 'output-available' | 'output-error';
  input: unknown;
  inputEncoding?: 'json' | 'text';
  output?: unknown;
  rawInput?: unknown;
  errorText?: string;
  providerExecuted?: boolean;
  preliminary?: boolean;
  title?: string;
  toolMetadata?: JSONObject;
  providerMetadata?: ProviderMetadata;
}

const isResultState = (state: ToolUpdate['state']): boolean => state === 'output-available' || state === 'output-error';

/**
 * Updates the tool part of `update.toolCallId` — `existing`, else the current step's tool part of
 * that kind (static or dynamic) — or adds one. Input, output, error text, raw input, encoding and
 * `preliminary` are replaced (cleared when not given); title and tool metadata only when given;
 * `providerExecuted` stays once set. Provider metadata goes to `resultProviderMetadata` for an
 * output state, else `callProviderMetadata`.
 */
function updateToolPart(applier: Applier, dynamic: boolean, update: ToolUpdate, existing?: AnyToolPart): void {
  const parts = applier.state.message.parts;
  const part =
    existing ??
    currentStepParts(parts).find(
      (candidate): candidate is AnyToolPart =>
        isToolUIPart(candidate) && (candidate.type === 'dynamic-tool') === dynamic && candidate.toolCallId === update.toolCallId,
    );
  if (part == null) parts.push(newToolPart(dynamic, update) as AnyPart);
  else updateExistingToolPart(fieldsOf(part), dynamic, update);
}

function updateExistingToolPart(part: ToolPartFields, dynamic: boolean, update: ToolUpdate): void {
  part.state = update.state;
  if (dynamic) part.toolName = update.toolName;
  else part.type = `tool-${update.toolName}`;
  part.input = update.input;
  part.output = update.output;
  part.errorText = update.errorText;
  part.rawInput = update.rawInput;
  if (update.inputEncoding != null) part.inputEncoding = update.inputEncoding;
  else delete part.inputEncoding;
  part.preliminary = update.preliminary;
  if (update.title !== undefined) part.title = update.title;
  if (update.toolMetadata !== undefined) part.toolMetadata = update.toolMetadata;
  part.providerExecuted = update.providerExecuted ?? part.providerExecuted;
  if (update.providerMetadata != null) {
    if (isResultState(update.state)) part.resultProviderMetadata = update.providerMetadata;
    else part.callProviderMetadata = update.providerMetadata;
  }
}

/** A new tool part (a dynamic one has `toolName` and no `rawInput` key; a static one the name in its type). */
function newToolPart(dynamic: boolean, update: ToolUpdate): ToolPartFields {
  return {
    ...(dynamic ? { type: 'dynamic-tool', toolName: update.toolName } : { type: `tool-${update.toolName}`, rawInput: update.rawInput }),
    toolCallId: update.toolCallId,
    state: update.state,
    title: update.title,
    ...(update.toolMetadata !== undefined ? { toolMetadata: update.toolMetadata } : {}),
    input: update.input,
    ...(update.inputEncoding != null ? { inputEncoding: update.inputEncoding } : {}),
    output: update.output,
    errorText: update.errorText,
    providerExecuted: update.providerExecuted,
    preliminary: update.preliminary,
    ...(update.providerMetadata != null ? { [isResultState(update.state) ? 'resultProviderMetadata' : 'callProviderMetadata']: update.providerMetadata } : {}),
  };
}

/**
 * The tool part of a tool call ID: the current step's, else the last one in the message. Throws
 * when there is none.
 */
function findToolPart(parts: readonly AnyPart[], toolCallId: string): AnyToolPart {
  const inStep = currentStepParts(parts).find((part): part is AnyToolPart => isToolUIPart(part) && part.toolCallId === toolCallId);
  const part = inStep ?? parts.findLast((candidate): candidate is AnyToolPart => isToolUIPart(candidate) && candidate.toolCallId === toolCallId);
  if (part == null) {
    throw new UIMessageStreamError({ chunkType: 'tool-invocation', chunkId: toolCallId, message: `No tool invocation found for tool call ID "${toolCallId}".` });
  }
  return part;
}

/** The first tool part of the message whose approval has this ID. Throws when there is none. */
function findToolPartByApprovalId(parts: readonly AnyPart[], approvalId: string): AnyToolPart {
  const part = parts.find((candidate): candidate is AnyToolPart => isToolUIPart(candidate) && candidate.approval?.id === approvalId);
  if (part == null) {
    throw new UIMessageStreamError({ chunkType: 'tool-approval-response', chunkId: approvalId, message: `No tool invocation found for approval ID "${approvalId}".` });
  }
  return part;
}

function applyToolInputStart(applier: Applier, chunk: ChunkOf<'tool-input-start'>): void {
  const { state } = applier;
  state.partialToolCalls[chunk.toolCallId] = {
    text: '',
    inputEncoding: chunk.inputEncoding,
    toolName: chunk.toolName,
    index: currentStepParts(state.message.parts).filter(isStaticToolUIPart).length,
    dynamic: chunk.dynamic,
    title: chunk.title,
    toolMetadata: chunk.toolMetadata,
  };
  updateToolPart(applier, Boolean(chunk.dynamic), {
    toolCallId: chunk.toolCallId,
    toolName: chunk.toolName,
    state: 'input-streaming',
    inputEncoding: chunk.inputEncoding,
    input: undefined,
    providerExecuted: chunk.providerExecuted,
    title: chunk.title,
    toolMetadata: chunk.toolMetadata,
    providerMetadata: chunk.providerMetadata,
  });
  applier.write();
}

/** More input text: the input becomes the text so far (text encoding) or its partial JSON parse. */
function applyToolInputDelta(applier: Applier, chunk: ChunkOf<'tool-input-delta'>): void {
  const call = applier.state.partialToolCalls[chunk.toolCallId];
  if (call == null) throw missingPartError('tool-input-delta', chunk.toolCallId, 'tool call', 'tool-input-start');
  call.text += chunk.inputTextDelta;
  updateToolPart(applier, Boolean(call.dynamic), {
    toolCallId: chunk.toolCallId,
    toolName: call.toolName,
    state: 'input-streaming',
    inputEncoding: call.inputEncoding,
    input: call.inputEncoding === 'text' ? call.text : parsePartialJson(call.text).value,
    rawInput: call.text,
    title: call.title,
    toolMetadata: call.toolMetadata,
  });
  applier.write();
}

/** A tool call's complete input; then `onToolCall`, unless the provider executes the tool (its promise is returned). */
function applyToolInputAvailable(applier: Applier, chunk: ChunkOf<'tool-input-available'>): void | Promise<void> {
  updateToolPart(applier, Boolean(chunk.dynamic), {
    toolCallId: chunk.toolCallId,
    toolName: chunk.toolName,
    state: 'input-available',
    input: chunk.input,
    providerExecuted: chunk.providerExecuted,
    providerMetadata: chunk.providerMetadata,
    title: chunk.title,
    toolMetadata: chunk.toolMetadata,
  });
  applier.write();
  const { onToolCall } = applier.callbacks;
  if (onToolCall && !chunk.providerExecuted) return Promise.resolve(onToolCall(chunk));
}

/** Invalid tool input: the call ends in `output-error` (dynamic when its part in this step is, else as the chunk says). */
function applyToolInputError(applier: Applier, chunk: ChunkOf<'tool-input-error'>): void {
  const existing = currentStepParts(applier.state.message.parts)
    .filter(isToolUIPart)
    .find((part) => part.toolCallId === chunk.toolCallId);
  updateToolPart(applier, existing != null ? existing.type === 'dynamic-tool' : !!chunk.dynamic, {
    toolCallId: chunk.toolCallId,
    toolName: chunk.toolName,
    state: 'output-error',
    input: chunk.input,
    errorText: chunk.errorText,
    providerExecuted: chunk.providerExecuted,
    providerMetadata: chunk.providerMetadata,
    toolMetadata: chunk.toolMetadata,
  });
  applier.write();
}

function applyApprovalRequest({ state, write }: Applier, chunk: ChunkOf<'tool-approval-request'>): void {
  const part = fieldsOf(findToolPart(state.message.parts, chunk.toolCallId));
  part.state = 'approval-requested';
  part.approval = {
    id: chunk.approvalId,
    ...(chunk.approvalDescriptor != null ? { descriptor: chunk.approvalDescriptor } : {}),
    ...(Object.prototype.hasOwnProperty.call(chunk, 'inputSchemaInput') ? { inputSchemaInput: chunk.inputSchemaInput } : {}),
    ...(chunk.reason != null ? { requestReason: chunk.reason } : {}),
    ...(chunk.isAutomatic === true ? { isAutomatic: true } : {}),
    ...(chunk.signature != null ? { signature: chunk.signature } : {}),
  };
  write();
}

function applyApprovalResponse({ state, write }: Applier, chunk: ChunkOf<'tool-approval-response'>): void {
  const part = fieldsOf(findToolPartByApprovalId(state.message.parts, chunk.approvalId));
  const approval = part.approval ?? { id: chunk.approvalId };
  part.state = 'approval-responded';
  part.approval = { ...approval, id: chunk.approvalId, approved: chunk.approved, ...(chunk.reason != null ? { reason: chunk.reason } : {}) };
  if (chunk.providerExecuted != null) part.providerExecuted = chunk.providerExecuted;
  if (chunk.providerMetadata != null) part.callProviderMetadata = chunk.providerMetadata;
  write();
}

/**
 * A tool's output or error, on the call's existing part: its input and title kept, the chunk's tool
 * metadata (else the part's). A static part's raw input is kept on error, cleared otherwise.
 */
function applyToolOutput(applier: Applier, chunk: ChunkOf<'tool-output-available' | 'tool-output-error'>): void {
  const part = findToolPart(applier.state.message.parts, chunk.toolCallId);
  const dynamic = part.type === 'dynamic-tool';
  const common = {
    toolCallId: chunk.toolCallId,
    toolName: part.type === 'dynamic-tool' ? part.toolName : getStaticToolName(part),
    input: part.input,
    providerExecuted: chunk.providerExecuted,
    providerMetadata: chunk.providerMetadata,
    title: part.title,
    toolMetadata: chunk.toolMetadata ?? part.toolMetadata,
  };
  const update: ToolUpdate =
    chunk.type === 'tool-output-available'
      ? { ...common, state: 'output-available', output: chunk.output, preliminary: chunk.preliminary }
      : { ...common, state: 'output-error', errorText: chunk.errorText, ...(dynamic ? {} : { rawInput: fieldsOf(part).rawInput }) };
  updateToolPart(applier, dynamic, update, part);
  applier.write();
}

/** Drops the current step's parts (not its `step-start`) and everything still streaming. */
function applyResetStep({ state, write }: Applier): void {
  const stepParts = currentStepParts(state.message.parts);
  state.activeTextParts = createIdMap();
  state.activeReasoningParts = createIdMap();
  state.partialToolCalls = createIdMap();
  if (stepParts.length === 0) return;
  state.message.parts.splice(state.message.parts.length - stepParts.length, stepParts.length);
  write();
}

// ---- readUIMessageStream ----

/**
 * Reads a stream of UI message chunks as the successive states of the assistant message they
 * build: a snapshot (a deep copy) after each visible change. `message`, when given, is the
 * assistant message to continue (it is mutated in place); a `start` chunk with another message ID
 * starts a new one. A chunk that does not fit, or an `error` chunk, is reported to `onError`; with
 * `terminateOnError` the first error also ends the iteration with it (else the stream just ends).
 * The SDK's `readUIMessageStream`.
 */
export function readUIMessageStream<MESSAGE extends UIMessage>({
  message,
  stream,
  onError,
  terminateOnError = false,
}: {
  message?: MESSAGE;
  stream: ReadableStream<UIMessageChunk>;
  onError?: (error: unknown) => void;
  terminateOnError?: boolean;
}): AsyncIterableStream<MESSAGE> {
  let controller: ReadableStreamDefaultController<MESSAGE> | undefined;
  let hasErrored = false;
  let isCancelled = false;
  const abortController = new AbortController();
  const snapshots = new ReadableStream<MESSAGE>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      isCancelled = true;
      abortController.abort();
    },
  });
  const state = createStreamingUIMessageState<MESSAGE>({ messageId: message?.id ?? '', lastMessage: message });
  const handleError = (error: unknown): void => {
    onError?.(error);
    if (!hasErrored && terminateOnError) {
      hasErrored = true;
      controller?.error(error);
    }
  };
  const applied = processUIMessageStream<MESSAGE>({
    stream,
    resetStateOnMessageIdChange: true,
    runUpdateMessageJob: (job) =>
      job({
        state,
        write: () => {
          if (!isCancelled) controller?.enqueue(snapshotOf(state.message));
        },
      }),
    onError: handleError,
  });
  void drainStream(applied, handleError, abortController.signal).finally(() => {
    if (!hasErrored && !isCancelled) controller?.close();
  });
  return asyncIterableStream(snapshots.pipeThrough(new TransformStream<MESSAGE, MESSAGE>()));
}

/**
 * A deep copy of the message (`structuredClone`), sharing the strings of its text and reasoning
 * parts rather than copying them: they are immutable, and long, and copied on every delta.
 */
function snapshotOf<MESSAGE extends UIMessage>(message: MESSAGE): MESSAGE {
  const texts = new Map<number, string>();
  const parts = message.parts.map((part, index) => {
    if (part.type !== 'text' && part.type !== 'reasoning') return part;
    texts.set(index, part.text);
    return { ...part, text: '' };
  });
  const copy = structuredClone({ ...message, parts });
  for (const [index, text] of texts) {
    const part = copy.parts[index];
    if (part?.type === 'text' || part?.type === 'reasoning') part.text = text;
  }
  return copy;
}

/** Reads a stream to its end (or until `signal` aborts: the stream is then cancelled); a read error goes to `onError`. */
async function drainStream(stream: ReadableStream<unknown>, onError: (error: unknown) => void, signal: AbortSignal): Promise<void> {
  const reader = stream.getReader();
  const cancel = (): void => {
    reader.cancel().catch(() => {});
  };
  if (signal.aborted) cancel();
  else signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
  } catch (error) {
    onError(error);
  } finally {
    signal.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}

/**
 * Makes a fresh stream async-iterable (not every browser's ReadableStream is): leaving the loop
 * early, or to the end, cancels the stream and releases it.
 */
function asyncIterableStream<T>(stream: ReadableStream<T>): AsyncIterableStream<T> {
  const iterate = (): AsyncIterator<T> => {
    const reader = stream.getReader();
    let finished = false;
    const finish = async (cancel: boolean): Promise<void> => {
      if (finished) return;
      finished = true;
      try {
        if (cancel) await reader.cancel();
      } finally {
        try {
          reader.releaseLock();
        } catch {
          // Already released.
        }
      }
    };
    return {
      async next() {
        if (finished) return { done: true, value: undefined };
        let result: ReadableStreamReadResult<T>;
        try {
          result = await reader.read();
        } catch (error) {
          await finish(false);
          throw error;
        }
        if (result.done) {
          await finish(true);
          return { done: true, value: undefined };
        }
        return { done: false, value: result.value };
      },
      async return() {
        await finish(true);
        return { done: true, value: undefined };
      },
      async throw(error: unknown) {
        await finish(true);
        throw error;
      },
    };
  };
  return Object.assign(stream, { [Symbol.asyncIterator]: iterate });
}
