import { tool, type Tool } from 'ai';
import type { HttpToolConfig } from '../../config/http-tool-types.js';
import type { ToolScope } from '../tool-scope.js';
import type { ToolEntry } from '../tool-entry.js';
import { toToolSchema } from '../tool-schema.js';
import { signCallerContext } from './caller-context.js';
import { fillBody, fillHeaders, fillUrl } from './http-template.js';
import type { HttpCallResult } from './http-request.js';
import type { HostResolver } from './ssrf-guard.js';

/** Defaults of an HTTP tool's optional limits. */
export const HTTP_TOOL_DEFAULTS = { maxResponseBytes: 1024 * 1024, maxRedirects: 5 } as const;

/** Longest piece of an error response's body the model is shown. */
const ERROR_BODY_CHARS = 2_000;

const turnIds = new WeakMap<ToolScope, string>();

/** One id per turn (the scope), for the caller context headers. */
function turnIdOf(scope: ToolScope): string {
  let id = turnIds.get(scope);
  if (!id) turnIds.set(scope, (id = `turn-${crypto.randomUUID()}`));
  return id;
}

/** Test seam: the resolver the SSRF guard uses (default: the OS resolver). */
export interface HttpToolRuntime {
  resolve?: HostResolver;
  env?: Record<string, string | undefined>;
}

/** An HTTP tool of the config as an agent tool. */
export function httpToolEntry(name: string, definition: HttpToolConfig, confirm: boolean, agentId: string, scope: ToolScope, runtime: HttpToolRuntime = {}): ToolEntry {
  const httpTool = tool({
    description: definition.description,
    inputSchema: toToolSchema(definition.inputSchema),
    execute: async (input: unknown, options) => {
      const { httpCall } = await import('./http-request.js');
      const request = definition.http;
      const method = request.method ?? 'GET';
      const env = runtime.env ?? (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
      const url = fillUrl(request.url, request.query, input);
      const headers = fillHeaders(request.headers, input, env);
      const bodyValue = request.body !== undefined ? fillBody(request.body, input) : method === 'GET' || method === 'DELETE' ? undefined : input;
      let body: string | undefined;
      if (bodyValue !== undefined) {
        body = typeof bodyValue === 'string' ? bodyValue : JSON.stringify(bodyValue);
        if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
          headers['content-type'] = typeof bodyValue === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
        }
      }
      const caller = definition.callerContext;
      const result = await httpCall({
        method,
        url,
        headers,
        body,
        timeoutMs: definition.timeout ?? scope.toolTimeoutMs,
        maxResponseBytes: definition.maxResponseBytes ?? HTTP_TOOL_DEFAULTS.maxResponseBytes,
        maxRedirects: definition.maxRedirects ?? HTTP_TOOL_DEFAULTS.maxRedirects,
        ssrf: {
          ...(definition.allowPrivate ? { allowPrivate: true } : {}),
          ...(definition.allowHosts ? { allowHosts: definition.allowHosts } : {}),
          ...(runtime.resolve ? { resolve: runtime.resolve } : {}),
        },
        signal: options.abortSignal ?? scope.signal,
        sign: caller
          ? (req) =>
              signCallerContext(caller.secret, req, {
                agentId,
                conversationId: scope.request.conversationId,
                userId: scope.request.userId,
                turnId: turnIdOf(scope),
                toolCallId: options.toolCallId,
              })
          : undefined,
      });
      return responseOutput(method, result);
    },
  }) as Tool;
  return { name, tool: httpTool, confirm, source: 'http' };
}

/**
 * What the model gets: the parsed JSON of a JSON response, else its text; a cut body as text with
 * a notice. A non-2xx status throws (a tool error the model reads) with the start of the body.
 */
export function responseOutput(method: string, result: HttpCallResult): unknown {
  const text = result.body.toString('utf8');
  if (result.status < 200 || result.status >= 300) {
    const shown = text.length > ERROR_BODY_CHARS ? `${text.slice(0, ERROR_BODY_CHARS)}…` : text;
    throw new Error(`HTTP ${result.status}${result.statusText ? ` ${result.statusText}` : ''} from ${method} ${result.url}${shown ? `: ${shown}` : ''}`);
  }
  if (result.truncated) return `${text}\n\n[Response truncated at ${result.body.length} bytes.]`;
  if (/^application\/([\w.+-]+\+)?json\b/i.test(result.contentType ?? '') && text.trim() !== '') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
