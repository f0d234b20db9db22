import type { AgentUser } from '../../config/tool-types.js';
import type { AgentServerConfig } from '../../config/types.js';
import { storeUserId } from '../../runtime/run-turn.js';
import { HttpError } from '../error-response.js';
import { pathId, queryId } from '../request-ids.js';
import { checkCrossSite } from './cross-site.js';
import { routeMatcher } from './match-route.js';
import { readRouteBody } from './read-route-body.js';
import type { AnyRoute, ResolvedAgent } from './route.js';

export interface PipelineOptions {
  config: AgentServerConfig;
  /** `config.basePath` without its trailing slashes. */
  basePath: string;
  routes: readonly AnyRoute[];
  maxBodyBytes: number;
}

/**
 * The one request pipeline of `createAgentServer`: every request takes the same steps, in this order,
 * before its route's handler runs (ARCHITECTURE §3):
 *
 * 1. match the route table (404 `not_found`; 405 with `Allow` for a known path and another method);
 * 2. a state-changing route refuses a cross-site request (403 `cross_site_request`, `cross-site.ts`);
 * 3. `authenticate` on `user` routes (401);
 * 4. resolve `{agentId}` (404 `unknown_agent`) and run its `access` (403);
 * 5. the route's availability on this server (no store: 404 / 501, no transcription model: 501);
 * 6. decode every path parameter and id query parameter and check it with the protocol's id rule
 *    (400 `invalid_id` naming `path.{name}` / `query.{name}`);
 * 7. read and check the body with the route's schema (415 / 413 / 400 with the issues);
 * 8. the handler, with `{ params, query, body, user, userId, agent }`.
 */
export function requestPipeline({ config, basePath, routes, maxBodyBytes }: PipelineOptions): (request: Request) => Promise<Response> {
  const match = routeMatcher(basePath, routes);
  const allowedOrigins = new Set(config.allowedOrigins ?? []);

  async function authenticate(request: Request): Promise<AgentUser | undefined> {
    if (!config.authenticate) return undefined;
    const user = await config.authenticate(request);
    if (user === null || user === undefined) throw new HttpError('unauthorized', 'Sign in to use this agent.');
    return user;
  }

  async function resolveAgent(rawId: string | undefined, user: AgentUser | undefined): Promise<ResolvedAgent> {
    let agentId: string;
    try {
      agentId = decodeURIComponent(rawId ?? '');
    } catch {
      throw new HttpError('not_found', 'Malformed agent id in the path.');
    }
    // Agent ids are a subset of the id rule (`validateConfig`): any other value names no agent.
    const agent = Object.hasOwn(config.agents, agentId) ? config.agents[agentId] : undefined;
    if (!agent) throw new HttpError('unknown_agent', `There is no agent "${agentId.slice(0, 64)}".`);
    if (agent.access && !(await agent.access(user))) throw new HttpError('forbidden', 'You may not use this agent.');
    return { agentId, agent };
  }

  return async (request) => {
    const url = new URL(request.url);
    const { route, rawParams } = match(request.method, url.pathname);
    if (route.changesState) checkCrossSite(request, url, allowedOrigins);
    const user = route.auth === 'user' ? await authenticate(request) : undefined;
    const agent = route.agent ? await resolveAgent(rawParams.agentId, user) : undefined;
    const unavailable = route.unavailable?.();
    if (unavailable) throw unavailable;
    const params = Object.fromEntries(route.params.map((name) => [name, pathId(rawParams[name], `path.${name}`)]));
    const query = Object.fromEntries(route.query.flatMap((name) => {
      const value = queryId(url, name);
      return value === undefined ? [] : [[name, value]];
    }));
    const body = await readRouteBody(request, route.body, maxBodyBytes);
    return route.handle({ request, url, params, query, body, user, userId: storeUserId(user), agent });
  };
}
