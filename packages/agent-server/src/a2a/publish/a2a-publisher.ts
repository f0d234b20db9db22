import { AGENT_CARD_PATH, type TaskState } from '@a2a-js/sdk';
import { DefaultRequestHandler, JsonRpcTransportHandler } from '@a2a-js/sdk/server';
import type { AgentUser } from '../../config/tool-types.js';
import type { AgentConfig } from '../../config/types.js';
import { HttpError } from '../../http/error-response.js';
import { DEFAULT_KEEP_ALIVE_MS } from '../../runtime/sse-keep-alive.js';
import { A2aCaller } from './a2a-caller.js';
import { A2A_SEGMENT, agentCard } from './agent-card.js';
import { jsonRpcRoute } from './json-rpc-route.js';
import { TurnExecutor, type TurnDeps } from './turn-executor.js';
import { pendingApprovals } from './task-approvals.js';
import { A2A_CANCELED_KEY, TurnTaskStore } from './turn-task-store.js';

export { A2A_SEGMENT } from './agent-card.js';
/** The path of an agent's card under its own path: `{basePath}/{agentId}/.well-known/agent-card.json`. */
export const AGENT_CARD_SUFFIX = `/${AGENT_CARD_PATH}`;

interface Published {
  handler: DefaultRequestHandler;
  rpc: JsonRpcTransportHandler;
  tasks: TurnTaskStore;
}

export interface A2aPublisherDeps extends Omit<TurnDeps, 'store'> {
  store: TurnDeps['store'] | undefined;
  maxBodyBytes: number;
}

const notPublished = () => new HttpError('not_found', 'This agent is not published over A2A.');

/**
 * The A2A face of a server's published agents (`agents.{id}.a2a.publish`): one SDK request handler
 * per agent, made on its first request (its event buses hold the tasks running on this instance).
 * The routes (`route-table.ts`) come here after the pipeline authenticated the caller and checked
 * the agent's `access`.
 */
export function a2aPublisher(deps: A2aPublisherDeps) {
  const published = new Map<string, Published>();
  const publishedAgent = (agentId: string, agent: AgentConfig): Published => {
    const store = deps.store;
    if (agent.a2a?.publish !== true || !store) throw notPublished();
    let entry = published.get(agentId);
    if (!entry) {
      // The handler's own card only names the protocol version (the card route builds the absolute URL).
      const card = agentCard(agentId, agent, `/${agentId}/${A2A_SEGMENT}`);
      const tasks = new TurnTaskStore({ agentId, store, runLog: deps.runLog });
      const handler = new DefaultRequestHandler(
        card,
        tasks,
        new TurnExecutor(agentId, agent, { ...deps, store }, tasks),
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        // A task waiting for an approval has ended its turn (the answer starts the next): no bus is kept for it.
        { keepBusAliveStates: [] as TaskState[] },
      );
      entry = { handler, rpc: new JsonRpcTransportHandler(handler), tasks };
      published.set(agentId, entry);
    }
    return entry;
  };

  return {
    /** `GET {basePath}/{agentId}/.well-known/agent-card.json`: the card, its JSON-RPC URL absolute from the request's origin. */
    async card(url: URL, agentId: string, agent: AgentConfig): Promise<Response> {
      publishedAgent(agentId, agent);
      const agentPath = url.pathname.replace(/\/+$/, '').slice(0, -AGENT_CARD_SUFFIX.length);
      const card = agentCard(agentId, agent, `${url.origin}${agentPath}/${A2A_SEGMENT}`);
      return new Response(JSON.stringify(card), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'private, no-cache' } });
    },
    /** `POST {basePath}/{agentId}/a2a`: one JSON-RPC request (`json-rpc-route.ts`). */
    async rpc(request: Request, agentId: string, agent: AgentConfig, user: AgentUser | undefined, userId: string): Promise<Response> {
      const { handler, rpc, tasks } = publishedAgent(agentId, agent);
      return jsonRpcRoute(request, {
        rpc,
        card: await handler.getAgentCard(),
        caller: new A2aCaller(user, userId),
        maxBodyBytes: deps.maxBodyBytes,
        keepAliveMs: deps.config.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS,
        refuseContinuation: (taskId, caller) => refuseContinuation(tasks, taskId, caller.userId),
      });
    },
  };
}

/** Why a message may not continue a task: only a task waiting for an approval takes one (an unknown task: the SDK's -32001). */
async function refuseContinuation(tasks: TurnTaskStore, taskId: string, userId: string): Promise<string | undefined> {
  const turn = await tasks.turnOf(userId, taskId);
  if (!turn) return undefined;
  if (turn.latest.status === 'completed' && turn.reply && pendingApprovals(turn.reply.parts).length > 0 && turn.reply.metadata[A2A_CANCELED_KEY] !== taskId) return undefined;
  return turn.latest.status === 'running'
    ? `Task ${taskId} is still working: wait for it to end (or cancel it).`
    : `Task ${taskId} has ended and waits for no answer: send a new message with its contextId to continue the conversation.`;
}
