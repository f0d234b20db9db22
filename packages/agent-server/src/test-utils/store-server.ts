import type { LanguageModel } from 'ai';
import type { AgentServerConfig } from '../config/types.js';
import { createAgentServer } from '../server.js';
import type { ConversationStore } from '../store/types.js';
import { recordingLogger } from './model-parts.js';

/**
 * A server on `store` whose `authenticate` reads the user id from the `x-user` header (anonymous
 * without it), with one agent `assistant` on `model`.
 */
export function storeServer(store: ConversationStore, model: LanguageModel, extra: Partial<AgentServerConfig> = {}) {
  const logger = recordingLogger();
  const server = createAgentServer({
    agents: { assistant: { model } },
    authenticate: (request) => ({ id: request.headers.get('x-user') ?? 'alice' }),
    logger,
    store,
    ...extra,
  });
  return { server, logger };
}

/** A request to a conversation route as `user`. */
export function routeRequest(path: string, init: { method?: string; body?: unknown; user?: string } = {}): Request {
  return new Request(`http://localhost/api/agent/conversations${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', 'x-user': init.user ?? 'alice' },
    ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) } : {}),
  });
}

/** A turn request as `user` to conversation `conversationId`. */
export function turnRequest(conversationId: string | undefined, body: Record<string, unknown>, user = 'alice'): Request {
  return new Request('http://localhost/api/agent/assistant', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user': user },
    body: JSON.stringify({ ...(conversationId ? { conversationId } : {}), ...body }),
  });
}
