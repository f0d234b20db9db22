import type { AgentErrorCode, AgentErrorIssue } from '@x/agent-protocol';

/**
 * A request the runtime refuses: a protocol error code (the wire contract), a message and the
 * issues, never an HTTP status or a `Response`. It lives in config/ beside `ConfigError` so every layer (tools, runtime) can throw it; the edge (`server.ts`, through http/error-response.ts)
 * maps it to the code's JSON error answer, so the runtime knows nothing of HTTP.
 */
export class AgentRequestError extends Error {
  constructor(
    readonly code: AgentErrorCode,
    message: string,
    readonly issues?: AgentErrorIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AgentRequestError';
  }
}
