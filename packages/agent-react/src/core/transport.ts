import { DefaultChatTransport, type ChatTransport, type UIMessage, type UIMessageChunk } from 'ai';
import { DEFAULT_BASE_PATH, RUN_ID_HEADER, runPaths, type AgentRequestBody } from '@x/agent-protocol';
import { parseUIMessageChunkStream } from './ui-chunk-stream.js';

/** A value, or a function that returns it (read at send time). */
export type Resolvable<T> = T | (() => T);

/** What the transport reads at the moment a request is sent. */
export interface AgentRequestOptions {
  agentId: string;
  /** A path (`/api/agent`) or a full URL; default `/api/agent`. */
  api?: string | URL;
  conversationId?: string;
  /** The server owns the history: send only the last message (what is new), not the transcript. */
  onlyNew?: boolean;
  /** The exposed page state; sent only when it is a non-empty plain object. */
  sharedState?: Record<string, unknown> | undefined;
  urlQuery?: Record<string, string | string[]> | undefined;
  pageId?: string | undefined;
  headers?: Resolvable<Record<string, string> | Headers | undefined>;
  credentials?: RequestCredentials;
  fetch?: typeof globalThis.fetch;
}

/** The route's base: `api` (a path or a full URL) without trailing slashes; default `/api/agent`. */
export function apiBase(api: string | URL | undefined): string {
  return String(api ?? DEFAULT_BASE_PATH).replace(/\/+$/, '');
}

/** `{api}/{agentId}` with the agent id URL-encoded and trailing slashes of `api` removed. */
export function agentEndpoint(api: string | URL | undefined, agentId: string): string {
  return `${apiBase(api)}/${encodeURIComponent(agentId)}`;
}

/** True for a plain object with at least one own key: only then is sharedState sent. */
export function isNonEmptyObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0;
}

/**
 * Where the chat stands in the run it streams (resumable runs): the run's id (from the
 * `x-run-id` header or `data-run-state`) and the SSE id of the last event the chat has processed.
 * A reconnect after a dropped connection sends that id as `Last-Event-ID`, so the server continues
 * with the next chunk and the chat's half-built reply continues in place.
 */
export class RunCursor {
  runId: string | undefined;
  /** Last processed event id of the current stream; undefined: replay the run from its start. */
  lastEventId: string | undefined;
  /** True when the last reconnect found no active run (204): the run ended meanwhile. */
  ended = false;
  #drop: AbortController | undefined;

  /** Forgets the position: the next reconnect replays the run from its start. */
  reset(): void {
    this.lastEventId = undefined;
    this.ended = false;
  }

  /** A signal for the stream being opened now (a new one per response). */
  streamSignal(): AbortSignal {
    this.#drop = new AbortController();
    return this.#drop.signal;
  }

  /** Ends the current stream as a dropped connection would (the browser went offline). */
  disconnect(): void {
    this.#drop?.abort();
  }
}

/**
 * `DefaultChatTransport` with the kit's response decoding: one parse/validate/coalesce pass per
 * network read instead of one per SSE event, so a burst of thousands of deltas reaches the chat as
 * a few chunks (see `parseUIMessageChunkStream`). It also follows the run a stream belongs to
 * ({@link RunCursor}): a reconnect continues after the last processed event when there is one,
 * so the resumed chunks are never a replay of what the chat already holds (`resumeStreamIsReplay`
 * is false: a reply the server continues keeps the parts it has).
 */
export class AgentChatTransport<MESSAGE extends UIMessage> extends DefaultChatTransport<MESSAGE> {
  readonly run = new RunCursor();

  override async sendMessages(options: Parameters<ChatTransport<MESSAGE>['sendMessages']>[0]): Promise<ReadableStream<UIMessageChunk>> {
    this.run.reset();
    this.run.runId = undefined;
    return super.sendMessages(options);
  }

  override async reconnectToStream(options: Parameters<ChatTransport<MESSAGE>['reconnectToStream']>[0]): Promise<ReadableStream<UIMessageChunk> | null> {
    this.run.ended = false;
    const stream = await super.reconnectToStream(options);
    if (stream === null) this.run.ended = true;
    return stream;
  }

  protected override processResponseStream(stream: ReadableStream<Uint8Array>): ReadableStream<UIMessageChunk> {
    const run = this.run;
    return parseUIMessageChunkStream(stream, {
      onCommit: (id) => {
        run.lastEventId = id;
      },
      disconnect: run.streamSignal(),
    });
  }
}

/**
 * The chat transport of the kit: POSTs `{api}/{agentId}` with the protocol's request body. Every
 * option is read through `read()` when a request is sent, so one transport serves the chat for its
 * whole life (no new transport per render) and always sends the latest sharedState/urlQuery/pageId.
 * `onRequest` sees the body that is about to be sent (the shared-state allowlist is taken from it).
 */
export function createAgentTransport<MESSAGE extends UIMessage>(
  read: () => AgentRequestOptions,
  onRequest?: (body: AgentRequestBody) => void,
): AgentChatTransport<MESSAGE> {
  // The fetch and the reconnect request below read `transport.run`: they run only after it exists.
  const transport: AgentChatTransport<MESSAGE> = new AgentChatTransport<MESSAGE>({
    resumeStreamIsReplay: false,
    fetch: async (input, init) => {
      const response = await (read().fetch ?? globalThis.fetch)(input, init);
      const runId = response.headers.get(RUN_ID_HEADER);
      if (runId) transport.run.runId = runId;
      return response;
    },
    prepareReconnectToStreamRequest: ({ headers }) => {
      const options = read();
      const extraHeaders = typeof options.headers === 'function' ? options.headers() : options.headers;
      const cursor = transport.run.lastEventId;
      return {
        api: runPaths.stream(apiBase(options.api), options.conversationId ?? ''),
        headers: mergeHeaders(extraHeaders, headers, cursor !== undefined ? { 'last-event-id': cursor } : undefined),
        ...(options.credentials ? { credentials: options.credentials } : {}),
      };
    },
    prepareSendMessagesRequest: ({ id, messages, trigger, messageId, body, headers }) => {
      const options = read();
      const extraHeaders = typeof options.headers === 'function' ? options.headers() : options.headers;
      const requestBody = {
        ...body,
        id,
        messages: options.onlyNew ? messages.slice(-1) : messages,
        trigger,
        ...(messageId ? { messageId } : {}),
        ...(options.conversationId ? { conversationId: options.conversationId } : {}),
        ...(isNonEmptyObject(options.sharedState) ? { sharedState: options.sharedState } : {}),
        ...(isNonEmptyObject(options.urlQuery) ? { urlQuery: options.urlQuery } : {}),
        ...(options.pageId ? { pageId: options.pageId } : {}),
      } as AgentRequestBody;
      onRequest?.(requestBody);
      return {
        api: agentEndpoint(options.api, options.agentId),
        body: requestBody,
        headers: mergeHeaders(extraHeaders, headers),
        ...(options.credentials ? { credentials: options.credentials } : {}),
      };
    },
  });
  return transport;
}

function mergeHeaders(...sources: (HeadersInit | undefined)[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const source of sources) {
    if (!source) continue;
    new Headers(source).forEach((value, key) => {
      out[key] = value;
    });
  }
  return out;
}
