import type { ChatTransport, HttpChatTransportInitOptions, UIMessage, UIMessageChunk } from 'ai';
import { RESUME_RETRY_CODES, RUN_ID_HEADER, runPaths } from '@x/agent-protocol/routes';
import { isAgentErrorBody, type AgentRequestBody } from '@x/agent-protocol';
import { agentEndpoint, apiBase, isNonEmptyObject, resolveHeaders, type AgentRequestOptions } from './endpoints.js';
import { reconnectOverHttp, sendOverHttp } from './engine/http-transport.js';
import { RunCursor } from './run-cursor.js';
import { parseUIMessageChunkStream } from './ui-chunk-stream.js';
import { DEFAULT_IDLE_TIMEOUT_MS, idleTimeoutFor } from './idle-timeout.js';

export { agentEndpoint, apiBase, isNonEmptyObject, type AgentRequestOptions, type Resolvable } from './endpoints.js';
export { RunCursor } from './run-cursor.js';

/** The options of an {@link AgentChatTransport}: those of the `ai` package's `DefaultChatTransport`. */
export type AgentChatTransportOptions<MESSAGE extends UIMessage> = HttpChatTransportInitOptions<MESSAGE> & {
  /** Whether a resumed stream starts over from the reply's beginning (default true; the kit's server continues it: false). */
  resumeStreamIsReplay?: boolean;
};

/**
 * A chat transport with the options and requests of the `ai` package's `DefaultChatTransport` and
 * the kit's response decoding: one parse/validate/coalesce pass per network read instead of one per
 * SSE event, so a burst of thousands of deltas reaches the chat as a few chunks (see
 * `parseUIMessageChunkStream`). It also follows the run a stream belongs to ({@link RunCursor}): a
 * reconnect continues after the last processed event when there is one, so the resumed chunks are
 * never a replay of what the chat already holds (`resumeStreamIsReplay` is false: a reply the
 * server continues keeps the parts it has).
 */
export class AgentChatTransport<MESSAGE extends UIMessage> implements ChatTransport<MESSAGE> {
  /** Where the chat stands in the run it streams (a chat's lazy transport passes its own). */
  readonly run: RunCursor;
  /** Whether a resumed stream starts over from the reply's beginning (the chat then drops what it holds). */
  readonly resumeStreamIsReplay: boolean;
  readonly #init: HttpChatTransportInitOptions<MESSAGE>;
  readonly #idleTimeoutMs: () => number | undefined;
  /** The headers of the latest response (its announced keep-alive interval). */
  readonly #latest: { headers?: Headers };

  /**
   * `idleTimeoutMs` is read when a response starts: the silence (ms) after which the stream counts
   * as dropped; 0: never; undefined: two of the keep-alive intervals the response announces
   * (`x-keep-alive-ms`), or {@link DEFAULT_IDLE_TIMEOUT_MS} when it announces none.
   */
  constructor(options: AgentChatTransportOptions<MESSAGE> = {}, run: RunCursor = new RunCursor(), idleTimeoutMs: () => number | undefined = () => undefined) {
    const latest: { headers?: Headers } = {};
    const { resumeStreamIsReplay = true, fetch, ...rest } = options;
    this.#init = {
      ...rest,
      fetch: async (input, init) => {
        const response = await (fetch ?? globalThis.fetch)(input, init);
        latest.headers = response.headers;
        return response;
      },
    };
    this.resumeStreamIsReplay = resumeStreamIsReplay;
    this.run = run;
    this.#idleTimeoutMs = idleTimeoutMs;
    this.#latest = latest;
  }

  /** POSTs the messages to `api` (through `prepareSendMessagesRequest`); the reply's chunks. */
  async sendMessages(options: Parameters<ChatTransport<MESSAGE>['sendMessages']>[0]): Promise<ReadableStream<UIMessageChunk>> {
    this.run.reset();
    this.run.runId = undefined;
    return sendOverHttp(this.#init, options, (body) => this.#decode(body));
  }

  /** GETs the stream of the reply in progress (`{api}/{chatId}/stream`, or `prepareReconnectToStreamRequest`'s); null when there is none. */
  async reconnectToStream(options: Parameters<ChatTransport<MESSAGE>['reconnectToStream']>[0]): Promise<ReadableStream<UIMessageChunk> | null> {
    this.run.ended = false;
    let stream: ReadableStream<UIMessageChunk> | null;
    try {
      stream = await reconnectOverHttp(this.#init, options, (body) => this.#decode(body));
    } catch (error) {
      throw unreachableThroughGateway(error) ?? notReadyYet(error) ?? error;
    }
    if (stream === null) this.run.ended = true;
    return stream;
  }

  #decode(stream: ReadableStream<Uint8Array>): ReadableStream<UIMessageChunk> {
    const run = this.run;
    return parseUIMessageChunkStream(stream, {
      onCommit: (id) => {
        run.lastEventId = id;
      },
      disconnect: run.streamSignal(),
      idleTimeoutMs: idleTimeoutFor(this.#idleTimeoutMs(), this.#latest.headers, DEFAULT_IDLE_TIMEOUT_MS),
    });
  }
}

/** The answers a proxy gives for a server it cannot reach: bad gateway, unavailable, gateway timeout. */
const GATEWAY_FAILURES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * A re-attach answered by a proxy that cannot reach the server (502/503/504 without the server's
 * own error body — a dev proxy, a load balancer) is a dropped connection, not the end of the run:
 * the `TypeError` it becomes keeps the chat re-attaching. Undefined for any other failure.
 */
function unreachableThroughGateway(error: unknown): TypeError | undefined {
  const { statusCode, responseBody } = (error ?? {}) as { statusCode?: unknown; responseBody?: unknown };
  if (typeof statusCode !== 'number' || !GATEWAY_FAILURES.has(statusCode)) return undefined;
  // The kit's server names its own 503s (`run_log_unavailable`, …): those are answers, not a dead link.
  if (typeof responseBody === 'string' && isAgentErrorBody(parsedOrUndefined(responseBody))) return undefined;
  return new TypeError(`network error: the server could not be reached (${statusCode} from the way to it)`);
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
  run?: RunCursor,
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
      const extraHeaders = resolveHeaders(options.headers);
      const cursor = transport.run.lastEventId;
      return {
        api: runPaths.stream(apiBase(options.api), options.conversationId ?? ''),
        headers: mergeHeaders(extraHeaders, headers, cursor !== undefined ? { 'last-event-id': cursor } : undefined),
        ...(options.credentials ? { credentials: options.credentials } : {}),
      };
    },
    prepareSendMessagesRequest: ({ id, messages, trigger, messageId, body, headers }) => {
      const options = read();
      const extraHeaders = resolveHeaders(options.headers);
      const requestBody = {
        ...body,
        id,
        messages: options.onlyNew ? messages.slice(-1) : messages,
        ...(options.onlyNew ? continuesFrom(messages, trigger, body) : {}),
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
  }, run, () => read().idleTimeoutMs);
  return transport;
}

/**
 * With server history, a new user message names the reply it follows as `parentId`, so a tab that
 * shows another branch than the conversation's active one continues its own (ARCHITECTURE §12). Only
 * after a reply (the server saved it); after an unsaved message the server continues its active leaf.
 */
function continuesFrom(messages: readonly UIMessage[], trigger: string, body: object | undefined): { parentId?: string } {
  if (trigger !== 'submit-message' || (body && 'parentId' in body)) return {};
  const [previous, last] = messages.slice(-2);
  return last?.role === 'user' && previous?.role === 'assistant' ? { parentId: previous.id } : {};
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

/**
 * A re-attach the server answered with "not yet" ({@link RESUME_RETRY_CODES}: the run is running but
 * its log does not hold it yet) is not the end of the run: like a dropped connection, the `TypeError`
 * it becomes keeps the chat re-attaching with its backoff. Undefined for any other failure.
 */
function notReadyYet(error: unknown): TypeError | undefined {
  const { responseBody } = (error ?? {}) as { responseBody?: unknown };
  const body = typeof responseBody === 'string' ? parsedOrUndefined(responseBody) : undefined;
  if (!isAgentErrorBody(body) || !RESUME_RETRY_CODES.has(body.error.code)) return undefined;
  return new TypeError(`network error: the server cannot follow the run yet (${body.error.code})`);
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
