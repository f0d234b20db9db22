import type { McpAppCsp } from '@x/agent-protocol/mcp-apps';
import { cleanCsp } from '../tools/mcp-apps/mcp-app-resource.js';

/**
 * The sandbox proxy page's script: tells the host it is ready, puts the app's HTML in an inner
 * iframe (`srcdoc`, `sandbox` with at most `allow-scripts allow-forms`: never `allow-same-origin`,
 * so the app has an opaque origin, no cookies or storage of any site, no access to this page or the
 * host), then relays messages between the host (only `window.parent`) and the app (only the inner
 * frame). The app's HTML is set once. Ready is announced every 250 ms until the HTML arrives.
 */
const PROXY_SCRIPT = `(() => {
  const ALLOWED = ['allow-scripts', 'allow-forms'];
  let inner = null;
  window.addEventListener('message', (event) => {
    const message = event.data;
    if (event.source === window.parent) {
      if (message && message.method === 'ui/notifications/sandbox-resource-ready') {
        if (inner) return;
        const params = message.params || {};
        const asked = String(params.sandbox || '').split(/\\s+/).filter((token) => ALLOWED.includes(token));
        inner = document.createElement('iframe');
        inner.setAttribute('sandbox', Array.from(new Set(['allow-scripts', ...asked])).join(' '));
        inner.setAttribute('allow', '');
        inner.setAttribute('referrerpolicy', 'no-referrer');
        inner.setAttribute('title', 'app');
        inner.srcdoc = String(params.html || '');
        document.body.appendChild(inner);
        return;
      }
      if (inner && inner.contentWindow) inner.contentWindow.postMessage(message, '*');
      return;
    }
    if (inner && event.source === inner.contentWindow) window.parent.postMessage(message, '*');
  });
  // Announced until the host answers (a host that connects late still gets it), for at most 10 s.
  let tries = 0;
  const announce = () => {
    if (inner || tries++ >= 40) return;
    window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, '*');
    setTimeout(announce, 250);
  };
  announce();
})();`;

// `color-scheme: light dark`: the page (and the app's frame in it) follows the scheme of the chat's
// iframe element (its `color-scheme`), so a dark chat gets a dark app without an opaque white backdrop.
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta name="color-scheme" content="light dark"><title>MCP App sandbox</title>
<style>:root{color-scheme:light dark}html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
</head><body><script>${PROXY_SCRIPT}</script></body></html>`;

/**
 * The content security policy of the sandbox page, built from the resource's `_meta.ui.csp` (only
 * well-formed sources). The app's `srcdoc` frame inherits it, so the app cannot lift it: no network
 * but `connectDomains`, scripts, styles, images and fonts inline or from `resourceDomains`, frames
 * only from `frameDomains`, no forms posted anywhere, no plugins.
 */
export function sandboxCsp(csp: McpAppCsp | undefined): string {
  const list = (sources: string[] | undefined) => (sources ?? []).join(' ');
  const resources = list(csp?.resourceDomains);
  const connect = list(csp?.connectDomains);
  const frames = list(csp?.frameDomains);
  const base = list(csp?.baseUriDomains);
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${resources}`.trim(),
    `style-src 'unsafe-inline' ${resources}`.trim(),
    `img-src data: blob: ${resources}`.trim(),
    `font-src data: ${resources}`.trim(),
    `media-src data: blob: ${resources}`.trim(),
    `connect-src ${connect || "'none'"}`,
    `frame-src ${frames || "'none'"}`,
    `base-uri ${base || "'none'"}`,
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * `GET {basePath}/mcp-apps/sandbox?csp={json}`: the sandbox proxy page, its CSP from the `csp`
 * query (the resource's `_meta.ui.csp`; malformed → the strictest policy).
 */
export function sandboxPageResponse(url: URL): Response {
  let raw: unknown;
  try {
    raw = JSON.parse(url.searchParams.get('csp') ?? 'null');
  } catch {
    raw = undefined;
  }
  return new Response(PAGE, {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': sandboxCsp(cleanCsp(raw)),
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    },
  });
}
