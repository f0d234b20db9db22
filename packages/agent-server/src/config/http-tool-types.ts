import type { FlexibleSchema, JSONSchema7 } from 'ai';
import type { SigningSecret } from '../security/signer.js';

/** The HTTP methods an HTTP tool may use. */
export type HttpToolMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The request an HTTP tool sends. `{{path}}` takes a value from the tool's input (`{{city}}`,
 * `{{filter.from}}`): URL-encoded in the URL's path, as it is in query values and headers. A body
 * string that is exactly one `{{path}}` takes the value with its type. `${NAME}` in a header is
 * read from the environment at call time (keys stay out of the config).
 */
export interface HttpToolRequest {
  /** An absolute http(s) URL; templates may appear in the path and query, not in the scheme or host. */
  url: string;
  /** Default `GET`. */
  method?: HttpToolMethod;
  headers?: Record<string, string>;
  /** Query parameters; a parameter whose template is one `{{path}}` missing from the input is left out. */
  query?: Record<string, string>;
  /** A JSON body template. Without it, POST / PUT / PATCH send the whole input as JSON. */
  body?: unknown;
}

/** Signed caller context headers sent with every request of the tool (opt-in). */
export interface CallerContextConfig {
  /**
   * HMAC-SHA256 key shared with the receiving service (at least 32 characters). A list rotates: the
   * first signs; the service verifies with `verifyCallerContext({ secret: [new, old] })` meanwhile.
   */
  secret: SigningSecret;
}

/**
 * A tool defined as data (`config.tools[name]` with `http`): calling it sends an HTTP request built
 * from the input and gives the model the response (JSON or text). A non-2xx status is a tool error
 * the model reads. Node only (loaded when an agent uses one).
 *
 * The destination passes an SSRF guard: the host is resolved and every address must be public
 * (no loopback, private, link-local, unique-local, CGNAT or cloud metadata address, in any
 * encoding); every redirect is checked again; the connection goes to the address that was checked.
 */
export interface HttpToolConfig<INPUT = unknown> {
  description: string;
  inputSchema: FlexibleSchema<INPUT> | JSONSchema7;
  http: HttpToolRequest;
  /** Longest the request may take, redirects included, in ms (default: `limits.toolTimeoutMs`). */
  timeout?: number;
  /** Largest response body read, in bytes (default 1 MiB); a longer one is cut and marked truncated. */
  maxResponseBytes?: number;
  /** Redirects followed (default 5; each one checked by the guard). `0` refuses redirects. */
  maxRedirects?: number;
  /** Hosts (`api.internal`, `*.internal`) reachable whatever they resolve to. */
  allowHosts?: string[];
  /** Let the tool reach loopback and private addresses (never cloud metadata). Tests and trusted networks only. */
  allowPrivate?: boolean;
  /** Send signed `x-agent-*` caller headers (agent, conversation, user, turn, tool call). */
  callerContext?: CallerContextConfig;
  /** Ask the user before each call. */
  confirm?: boolean;
}

/** Whether a `config.tools` entry is an HTTP tool. */
export function isHttpToolConfig(tool: unknown): tool is HttpToolConfig {
  return typeof tool === 'object' && tool !== null && 'http' in tool;
}
