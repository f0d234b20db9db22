import type { ServerResponse } from 'node:http';
import type { AgentServer } from '../config/types.js';
import { toNodeHandler, type NodeRequest } from './node.js';

/** A Next App Router route handler. */
export type NextRouteHandler = (request: Request) => Promise<Response>;

/**
 * App Router: `export const { POST } = toNextRouteHandlers(server)` in
 * `app/api/agent/[...path]/route.ts` (export the other methods too if you want the kit's 405 JSON
 * instead of Next's own answer). Every method goes to the same Web handler; only POST is served,
 * the rest answer 405 JSON with `allow: POST`. CORS (including preflight OPTIONS) is the host's
 * job: add the headers in middleware if the chat is served cross-origin.
 */
export function toNextRouteHandlers(server: AgentServer): Record<'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS', NextRouteHandler> {
  const handler: NextRouteHandler = (request) => server.fetch(request);
  return { POST: handler, GET: handler, PUT: handler, PATCH: handler, DELETE: handler, HEAD: handler, OPTIONS: handler };
}

/**
 * Pages Router: `export default toNextPagesHandler(server)` in `pages/api/agent/[...path].ts`.
 * Best with `export const config = { api: { bodyParser: false } }` (the body size limit then
 * applies to the raw stream); a body parsed by Next is accepted too. The returned promise settles
 * when the response is finished or the client went away, as Next expects.
 */
export function toNextPagesHandler(server: AgentServer): (req: NodeRequest, res: ServerResponse) => Promise<void> {
  const node = toNodeHandler(server);
  return (req, res) =>
    new Promise<void>((resolve) => {
      if (res.writableFinished || res.destroyed) return resolve();
      res.once('close', () => resolve());
      res.once('finish', () => resolve());
      node(req, res); // no `next`: an unexpected failure is answered with a 500 JSON error here
    });
}
