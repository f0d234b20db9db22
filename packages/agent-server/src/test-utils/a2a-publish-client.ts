import type { Server } from 'node:http';
import { Role, type Message, type SendMessageRequest } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory, type Client } from '@a2a-js/sdk/client';
import type { LanguageModel } from 'ai';
import type { AgentServerConfig } from '../config/types.js';
import { DEFAULT_BASE_PATH } from '@x/agent-protocol';
import { createAgentServer } from '../server.js';
import { listenOnLoopback } from './loopback-server.js';
import { textPart } from '../a2a/publish/a2a-parts.js';

/** The test's users: `authenticate` reads `x-user` (none: 401). */
export const authenticate = (request: Request) => {
  const id = request.headers.get('x-user');
  return id ? { id } : null;
};

/** A config with a published `billing` agent and an unpublished `internal` one, on `store` (and `runLog`). */
export function publishedConfig(model: LanguageModel, extra: Partial<AgentServerConfig>): AgentServerConfig {
  return {
    authenticate,
    agents: {
      billing: {
        model,
        instructions: 'Answers billing questions.\nBe brief.',
        a2a: { publish: true, name: 'Billing', skills: [{ id: 'invoices', name: 'Invoices', description: 'Finds and explains invoices.', tags: ['billing'] }] },
      },
      internal: { model, instructions: 'Internal only.' },
    },
    ...extra,
  };
}

/** Serves the config on loopback; resolves the server's base URL (`…/api/agent`). */
export async function serve(config: AgentServerConfig, servers: Server[]): Promise<string> {
  const { base } = await listenOnLoopback(createAgentServer(config), servers);
  return `${base}${DEFAULT_BASE_PATH}`;
}

/** `fetch` sending `x-user: {userId}` on every request. */
export function fetchAs(userId: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('x-user', userId);
    return fetch(input, { ...init, headers });
  };
}

/** An `@a2a-js/sdk` client of `{agentUrl}` (the card at `{agentUrl}/.well-known/agent-card.json`) for the user. */
export async function clientOf(agentUrl: string, userId: string): Promise<Client> {
  const fetchImpl = fetchAs(userId);
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    }),
  );
  // The resolver resolves its path against the origin: pass the card's full URL and an empty path.
  return factory.createFromUrl(`${agentUrl}/.well-known/agent-card.json`, '');
}

/** A `SendMessage` request with one text part (a new task; `contextId` continues a conversation). */
export function send(text: string, contextId = ''): SendMessageRequest {
  const message: Message = { messageId: crypto.randomUUID(), role: Role.ROLE_USER, taskId: '', contextId, parts: [textPart(text)], metadata: undefined, extensions: [], referenceTaskIds: [] };
  return { tenant: '', message, configuration: undefined, metadata: undefined };
}

/** The text of a task's `reply` artifact. */
export function replyText(task: { artifacts: { parts: { content?: { $case: string; value?: unknown } }[] }[] }): string {
  return task.artifacts.flatMap((a) => a.parts.flatMap((p) => (p.content?.$case === 'text' ? [String(p.content.value)] : []))).join('');
}
