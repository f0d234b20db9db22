import { METHOD_NAME_ALL } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import { HttpError } from '../error-response.js';
import type { AnyRoute } from './route.js';

/** A route of the table matched by path and method, its path parameters still URL-encoded. */
export interface RouteMatch {
  route: AnyRoute;
  rawParams: Readonly<Record<string, string>>;
}

/** Finds a request's route in the table: 404 `not_found` for no path, 405 with `Allow` for another method. */
export type RouteMatcher = (method: string, pathname: string) => RouteMatch;

/**
 * A matcher over `routes` under `basePath`, built on Hono's `TrieRouter` (matches come back in
 * registration order, so the table lists literal paths — `/conversations`, `/runs` — before the
 * `/:agentId…` ones). The first route whose path matches decides the path; the routes sharing that
 * path pattern decide the method: none answers it → 405 with `Allow` listing theirs (or the
 * route's own refusal when this server does not have it, e.g. conversations without a store). Trailing slashes
 * are ignored, except on routes marked `noTrailingSlash` (404 there).
 */
export function routeMatcher(basePath: string, routes: readonly AnyRoute[]): RouteMatcher {
  const router = new TrieRouter<AnyRoute>();
  for (const route of routes) router.add(METHOD_NAME_ALL, `${basePath}${route.path}`, route);
  return (method, pathname) => {
    const trimmed = pathname.replace(/\/+$/, '');
    const [matches] = router.match(METHOD_NAME_ALL, trimmed === '' ? '/' : trimmed);
    const first = matches[0];
    if (!first || (first[0].noTrailingSlash && trimmed !== pathname)) {
      throw new HttpError('not_found', `No route at ${pathname.slice(0, 200)}.`);
    }
    const samePath = matches.filter(([route]) => route.path === first[0].path);
    const hit = samePath.find(([route]) => (route.methods as readonly string[]).includes(method));
    if (!hit) {
      // A route this server does not have (no store) is missing whatever the method.
      const unavailable = first[0].unavailable?.();
      if (unavailable) throw unavailable;
      const allow = [...new Set(samePath.flatMap(([route]) => route.methods))].join(', ');
      throw new HttpError('method_not_allowed', `Use ${allow} on this route.`, undefined, { allow });
    }
    return { route: hit[0], rawParams: hit[1] as Record<string, string> };
  };
}
