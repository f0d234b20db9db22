import { HttpError } from '../error-response.js';

/**
 * Whether a state-changing request may come from where it says it comes from (README "Cross-site
 * requests"):
 * - `Sec-Fetch-Site: same-origin` or `none` (typed in the address bar, a bookmark) → allowed;
 *   `same-site` / `cross-site` (or any other value) → allowed only when `Origin` is in `allowedOrigins`.
 * - No `Sec-Fetch-Site` (an older browser, a proxy that drops it): an `Origin` equal to the request
 *   URL's origin or in `allowedOrigins` → allowed; `Origin: null` (a sandboxed frame, a `data:` page)
 *   or another origin → refused.
 * - Neither header (server to server, curl, tests) → allowed: only a browser adds them, and a
 *   browser always adds one of them to a cross-site POST.
 *
 * Refused: 403 `cross_site_request`. The header values are never echoed into a header.
 */
export function checkCrossSite(request: Request, url: URL, allowedOrigins: ReadonlySet<string>): void {
  const site = request.headers.get('sec-fetch-site')?.trim().toLowerCase();
  const origin = request.headers.get('origin')?.trim();
  const allowedOrigin = origin !== undefined && allowedOrigins.has(origin);
  if (site) {
    if (site === 'same-origin' || site === 'none' || allowedOrigin) return;
    throw refused(`a ${site === 'same-site' || site === 'cross-site' ? site : 'cross-site'} request from an origin not in allowedOrigins`);
  }
  if (origin === undefined || allowedOrigin || origin === url.origin) return;
  throw refused(origin === 'null' ? 'a request from an opaque origin (Origin: null)' : 'a request from another origin not in allowedOrigins');
}

function refused(what: string): HttpError {
  return new HttpError('cross_site_request', `This route changes state and refuses ${what}.`);
}
