import type { ConversationStore } from './conversation-store.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
const error = (status: number, code: string, message: string) => json({ error: { code, message } }, status);

/**
 * `GET /api/conversations` (list), `GET|PATCH|DELETE /api/conversations/{id}` (load, rename with
 * `{ title }`, delete). Answers `undefined` for other paths.
 */
export async function conversationRoutes(request: Request, store: ConversationStore): Promise<Response | undefined> {
  const { pathname } = new URL(request.url);
  const match = /^\/api\/conversations(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!match) return undefined;
  const id = match[1] ? decodeURIComponent(match[1]) : undefined;
  if (!id) {
    return request.method === 'GET' ? json({ conversations: store.list() }) : error(405, 'method_not_allowed', 'Use GET.');
  }
  switch (request.method) {
    case 'GET': {
      const c = store.get(id);
      return c ? json(c) : error(404, 'not_found', `No conversation "${id}".`);
    }
    case 'PATCH': {
      let title: unknown;
      try {
        title = ((await request.json()) as { title?: unknown }).title;
      } catch {
        return error(400, 'bad_json', 'The request body is not valid JSON.');
      }
      if (typeof title !== 'string' || !title.trim() || title.length > 200) return error(400, 'invalid_body', 'title must be a non-empty string of at most 200 characters.');
      return store.rename(id, title.trim()) ? json({ ok: true }) : error(404, 'not_found', `No conversation "${id}".`);
    }
    case 'DELETE':
      return store.delete(id) ? json({ ok: true }) : error(404, 'not_found', `No conversation "${id}".`);
    default:
      return error(405, 'method_not_allowed', 'Use GET, PATCH or DELETE.');
  }
}
