import type { AgentServer } from '@x/agent-server';

/** The part of a Playwright `Route` the handler uses (so this package does not depend on Playwright). */
export interface RouteLike {
  request(): { url(): string; method(): string; headers(): Record<string, string>; postData(): string | null };
  fulfill(response: { status: number; headers: Record<string, string>; body: string }): Promise<void>;
}

/**
 * A Playwright `page.route` handler answered by the real server (`server.fetch`) inside the test
 * process: the page under test talks to it instead of its backend. The response is sent whole
 * (Playwright cannot stream a fulfilled body), which suits an instant replay.
 */
export function routeHandler(server: AgentServer): (route: RouteLike) => Promise<void> {
  return async (route) => {
    const request = route.request();
    const method = request.method();
    const body = method === 'GET' || method === 'HEAD' ? undefined : (request.postData() ?? undefined);
    const response = await server.fetch(new Request(request.url(), { method, headers: request.headers(), ...(body !== undefined ? { body } : {}) }));
    await route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() });
  };
}
