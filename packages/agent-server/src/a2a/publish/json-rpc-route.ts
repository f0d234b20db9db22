import type { AgentCard } from '@a2a-js/sdk';
import { UnsupportedOperationError } from '@a2a-js/sdk/errors';
import { JsonRpcTransportHandler, ServerCallContext, validateVersion } from '@a2a-js/sdk/server';
import { exceedsJsonDepth, MAX_JSON_DEPTH, parseJsonRejectingProto } from '../../http/json-guard.js';
import { readBodyText } from '../../http/read-body.js';
import { keepAlive, keepAliveHeader, type KeepAlive } from '../../runtime/sse-keep-alive.js';
import type { A2aCaller } from './a2a-caller.js';

type JsonRpcId = string | number | null;
interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** JSON-RPC's own error codes (the A2A ones come from the SDK's errors). */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
/** The methods that start a turn (a message naming a `taskId` would continue one: not served). */
const SEND_METHODS = new Set(['SendMessage', 'SendStreamingMessage']);

const encoder = new TextEncoder();
const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function errorAnswer(id: JsonRpcId, error: JsonRpcError): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', id, error }), { headers: jsonHeaders });
}

const sdkError = (error: unknown): JsonRpcError => JsonRpcTransportHandler.mapToJSONRPCError(error);

function isId(value: unknown): value is JsonRpcId {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * Parses a JSON-RPC request body ourselves, so that what the SDK's handler would echo or mislabel is
 * answered by the JSON-RPC spec: bad JSON → -32700, not one request object (a batch, a missing
 * `jsonrpc: "2.0"` or `method`, a bad `id`, nesting past 64, a `__proto__` key) → -32600.
 */
function parseRequest(text: string): { request: Record<string, unknown>; id: JsonRpcId } | { error: JsonRpcError; id: JsonRpcId } {
  if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) return { id: null, error: { code: INVALID_REQUEST, message: `Invalid Request: nested deeper than ${MAX_JSON_DEPTH}.` } };
  let parsed: { value: unknown; protoPath?: string };
  try {
    parsed = parseJsonRejectingProto(text);
  } catch {
    return { id: null, error: { code: PARSE_ERROR, message: 'Parse error: the body is not JSON.' } };
  }
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { id: null, error: { code: INVALID_REQUEST, message: 'Invalid Request: send one JSON-RPC request object (batches are not served).' } };
  }
  const request = value as Record<string, unknown>;
  const id = isId(request.id) ? request.id : null;
  if (parsed.protoPath !== undefined) return { id, error: { code: INVALID_REQUEST, message: `Invalid Request: "${parsed.protoPath}" is not allowed.` } };
  if (request.jsonrpc !== '2.0' || typeof request.method !== 'string' || (request.id !== undefined && !isId(request.id))) {
    return { id, error: { code: INVALID_REQUEST, message: 'Invalid Request: expected { jsonrpc: "2.0", id, method, params }.' } };
  }
  return { request, id };
}

/** The task a send continues (`message.taskId`), if it names one. */
function continuedTask(request: Record<string, unknown>): string | undefined {
  if (!SEND_METHODS.has(request.method as string)) return undefined;
  const params = request.params as { message?: { taskId?: unknown } } | undefined;
  const taskId = params?.message?.taskId;
  return typeof taskId === 'string' && taskId !== '' ? taskId : undefined;
}

export interface JsonRpcRouteInput {
  rpc: JsonRpcTransportHandler;
  /** The card the handler serves (its interfaces name the protocol versions accepted). */
  card: AgentCard;
  caller: A2aCaller;
  maxBodyBytes: number;
  /** An SSE comment after this much silence on a stream (0: none), as on our chat route. */
  keepAliveMs: number;
  /** Why a message may not continue this task (it waits for no answer), or undefined when it may. */
  refuseContinuation: (taskId: string, caller: A2aCaller) => Promise<string | undefined>;
}

/**
 * `POST {basePath}/{agentId}/a2a`: one A2A JSON-RPC request, answered by the SDK's
 * `JsonRpcTransportHandler` (a JSON-RPC response, or SSE for `SendStreamingMessage` /
 * `SubscribeToTask`: one `data: <JSON-RPC response>` per event). Every refusal is a JSON-RPC error with
 * HTTP 200 (the body's size limit stays our 413): -32700 / -32600 (parsed here), -32601 unknown
 * method, -32602 bad params, -32009 no or another `A2A-Version` than 1.0, -32001 a task that is not
 * the caller's, -32004 a message on a task that waits for no answer (only an approval is answered).
 */
export async function jsonRpcRoute(request: Request, input: JsonRpcRouteInput): Promise<Response> {
  const parsed = parseRequest(await readBodyText(request, input.maxBodyBytes));
  if ('error' in parsed) return errorAnswer(parsed.id, parsed.error);
  const { id } = parsed;
  // A request without `A2A-Version` is a 0.3 request: refused (-32009) unless the card lists 0.3.
  const requestedVersion = request.headers.get('a2a-version') ?? '0.3';
  try {
    validateVersion(requestedVersion, input.card, 'JSONRPC');
  } catch (error) {
    return errorAnswer(id, sdkError(error));
  }
  const continued = continuedTask(parsed.request);
  const refused = continued === undefined ? undefined : await input.refuseContinuation(continued, input.caller);
  if (refused !== undefined) return errorAnswer(id, sdkError(new UnsupportedOperationError(refused)));
  const context = new ServerCallContext({ user: input.caller, requestedVersion });
  let out: Awaited<ReturnType<JsonRpcTransportHandler['handle']>>;
  try {
    out = await input.rpc.handle(parsed.request, context);
  } catch (error) {
    return errorAnswer(id, sdkError(error));
  }
  if (!(Symbol.asyncIterator in out)) return new Response(JSON.stringify(out), { headers: jsonHeaders });
  const events = out;
  let alive: KeepAlive | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // `: keep-alive` comments while the model is silent (the SDK's SSE parser skips them).
        alive = keepAlive(controller, input.keepAliveMs);
      },
      async pull(controller) {
        let next: IteratorResult<unknown>;
        try {
          next = await events.next();
        } catch (error) {
          // A failure mid-stream is the stream's last event, as a JSON-RPC error.
          alive?.stop();
          controller.enqueue(encoder.encode(`data: ${JSON.stringify({ jsonrpc: '2.0', id, error: sdkError(error) })}\n\n`));
          controller.close();
          return;
        }
        if (next.done) {
          alive?.stop();
          return controller.close();
        }
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(next.value)}\n\n`));
        alive?.sent();
      },
      async cancel() {
        alive?.stop();
        await events.return(undefined).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...keepAliveHeader(input.keepAliveMs) } });
}
