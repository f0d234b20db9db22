import { http, type HttpHandler } from 'msw';
import type { AgentServer } from '@x/agent-server';
import { DEFAULT_BASE_PATH } from '@x/agent-protocol';

/**
 * msw handlers that answer the agent route with the real server code (in the browser for Storybook,
 * or under msw/node in tests): every request under `basePath` goes to `server.fetch`.
 */
export function agentHandlers(server: AgentServer, options: { basePath?: string } = {}): HttpHandler[] {
  const basePath = (options.basePath ?? server.config.basePath ?? DEFAULT_BASE_PATH).replace(/\/+$/, '');
  return [http.all(`${basePath}/*`, ({ request }) => server.fetch(request))];
}
