import type { AgentServer } from '@x/agent-server';

/**
 * A `fetch` that answers with the agent server in the same process (no port, no network): pass
 * it to `useAgentChat({ fetch })` / `<AgentChat chatOptions={{ fetch }}>` in component tests. Relative URLs resolve
 * against `origin`.
 */
export function inProcessFetch(server: AgentServer, origin = 'http://localhost'): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), origin), init);
    return server.fetch(request);
  };
}
