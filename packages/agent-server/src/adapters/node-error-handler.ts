import type { ServerResponse } from 'node:http';
import type { AgentErrorCode } from '@x/agent-protocol';
import { errorResponse } from '../http/error-response.js';
import type { NodeNext, NodeRequest } from './node-types.js';

/** An Express error middleware: four parameters, so Express calls it only with an error. */
export type NodeErrorHandler = (error: unknown, req: NodeRequest, res: ServerResponse, next: NodeNext) => void;

/**
 * Express error middleware that answers a body parser's failures (`express.json()`,
 * `express.text()`, `express.raw()`, body-parser) with the kit's JSON error instead of Express's
 * HTML error page (which carries a stack and absolute paths outside production):
 *
 * - unparsable JSON → 400 `bad_json`;
 * - a body over the parser's `limit` → 413 `payload_too_large`;
 * - an unsupported charset or content encoding → 415 `unsupported_media_type`;
 * - any other body-parser 4xx (aborted upload, size mismatch) → 400 `invalid_body`.
 *
 * Every other error goes on to `next(error)` unchanged. Mount it after the kit's handler:
 * `app.use(express.json()); app.use('/api/agent', toNodeHandler(server)); app.use(agentErrorHandler());`
 */
export function agentErrorHandler(): NodeErrorHandler {
  return function agentBodyErrorHandler(error, _req, res, next) {
    const code = bodyParserErrorCode(error);
    if (!code || res.headersSent) return next(error);
    const response = errorResponse(code, MESSAGES[code] ?? 'The request body could not be read.');
    res.statusCode = response.status;
    response.headers.forEach((value, key) => res.setHeader(key, value));
    void response.text().then((text) => res.end(text));
  };
}

const MESSAGES: Partial<Record<AgentErrorCode, string>> = {
  bad_json: 'The request body is not valid JSON.',
  payload_too_large: 'The request body is too large.',
  unsupported_media_type: 'The request body uses an unsupported charset or encoding.',
  invalid_body: 'The request body could not be read.',
};

/** The kit's code for an error raised by body-parser (it sets `type` and `status`), else undefined. */
function bodyParserErrorCode(error: unknown): AgentErrorCode | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, status } = error as { type?: unknown; status?: unknown };
  if (typeof type !== 'string' || typeof status !== 'number') return undefined;
  switch (type) {
    case 'entity.parse.failed':
      return 'bad_json';
    case 'entity.too.large':
    case 'parameters.too.many':
      return 'payload_too_large';
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return 'unsupported_media_type';
    default:
      // body-parser's other client errors (request.aborted, request.size.invalid, …)
      return status >= 400 && status < 500 && /^(request|entity|stream)\./.test(type) ? 'invalid_body' : undefined;
  }
}
