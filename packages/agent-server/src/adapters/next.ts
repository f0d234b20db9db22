import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AgentServer } from '../config/types.js';
import { toNodeHandler } from './node.js';

/**
 * App Router: `export const { POST } = toNextRouteHandlers(server)` in
 * `app/api/agent/[...path]/route.ts`. The other methods answer 405 JSON, not Next's HTML 405.
 */
export function toNextRouteHandlers(server: AgentServer) {
  const handler = (request: Request) => server.fetch(request);
  return { POST: handler, GET: handler, PUT: handler, PATCH: handler, DELETE: handler };
}

/**
 * Pages Router: `export default toNextPagesHandler(server)` in `pages/api/agent/[...path].ts`, with
 * `export const config = { api: { bodyParser: false } }` (a parsed body is accepted too).
 */
export function toNextPagesHandler(server: AgentServer): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const node = toNodeHandler(server);
  return (req, res) =>
    new Promise<void>((resolve) => {
      res.on('close', () => resolve());
      node(req, res, () => resolve());
    });
}
