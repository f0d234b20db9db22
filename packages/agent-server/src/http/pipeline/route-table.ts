import type { OnDisconnect } from '@x/agent-protocol/routes';
import { CONVERSATIONS_SEGMENT, EVENTS_SEGMENT, FILES_SEGMENT, GENERATE_SEGMENT, RUN_STOP_SEGMENT, RUN_STREAM_SEGMENT, RUNS_SEGMENT, TOOL_OUTPUTS_SEGMENT, TRANSCRIBE_SEGMENT } from '@x/agent-protocol/routes';
import { MCP_APPS_SEGMENT } from '@x/agent-protocol/mcp-apps';
import { remoteAgentAnswerSchema, replaceQueueBodySchema, switchBranchBodySchema } from '@x/agent-protocol/validation';
import { REMOTE_AGENT_ANSWER_SEGMENT } from '@x/agent-protocol/remote-agents';
import { remoteAnswerRoute } from '../../a2a/remote/remote-answer-route.js';
import type { AgentServerConfig, Logger } from '../../config/types.js';
import { a2aPublisher, A2A_SEGMENT, AGENT_CARD_SUFFIX } from '../../a2a/publish/a2a-publisher.js';
import { AG_UI_SEGMENT, handleAgUiRoute } from '../../ag-ui/ag-ui-route.js';
import { handleDownload, handleUpload } from '../../files/file-routes.js';
import type { FileService } from '../../files/file-service.js';
import { mcpAppCallRoute, mcpAppResourceRoute } from '../../mcp-apps/mcp-app-routes.js';
import { sandboxPageResponse } from '../../mcp-apps/sandbox-page.js';
import { eventsRoute, eventsUnavailable } from '../../live/events-route.js';
import type { RunLog } from '../../runs/run-log.js';
import type { LiveRuns } from '../../runtime/live-runs.js';
import { runTurn } from '../../runtime/run-turn.js';
import type { ConversationStore } from '../../store/types.js';
import { queueInputOf } from '../conversation-bodies.js';
import type { CursorCodec } from '../conversation-cursor.js';
import {
  deleteConversationRoute,
  deleteMessageRoute,
  feedbackRoute,
  listConversationsRoute,
  loadConversationRoute,
  renameConversationRoute,
  replaceQueueRoute,
  switchBranchRoute,
  type ConversationRouteContext,
} from '../conversation-routes.js';
import { HttpError } from '../error-response.js';
import { generateRoute, toolOutputsRoute, toolOutputsUnavailable } from '../generate-route.js';
import { chatFileCheck } from '../parse-request.js';
import { runRecordListRoute, runRecordRoute } from '../run-record-routes.js';
import { resumeRunRoute, stopRunRoute } from '../run-stream-routes.js';
import { route, type AnyRoute } from './route.js';
import {
  chatBodySchema,
  feedbackBodySchema,
  generateBodySchema,
  mcpAppCallSchema,
  mcpAppResourceSchema,
  renameBodySchema,
  runAgentInputSchema,
  stopBodySchema,
  toolOutputsSchema,
} from './route-schemas.js';

/** What the routes of one server share: its settings and the services built from its config. */
export interface RouteDeps {
  config: AgentServerConfig;
  logger: Logger;
  store: ConversationStore | undefined;
  cursors: CursorCodec | undefined;
  runLog: RunLog | undefined;
  runs: LiveRuns;
  files: FileService | undefined;
  onDisconnect: OnDisconnect;
  keepAliveMs: number;
  maxBodyBytes: number;
  toolTimeoutMs: number;
  toolResultMaxChars: number;
  transcribe: (request: Request) => Promise<Response>;
}

/** Largest body of a rename, feedback or branch request. */
const MAX_SMALL_BODY = 16 * 1024;
/** Largest body of a queue write (queued messages may hold long pasted text). */
const MAX_QUEUE_BODY = 1024 * 1024;
/** Largest stop body (`{ runId }`). */
const MAX_STOP_BODY = 4 * 1024;

const noStore = () => new HttpError('not_found', 'This server keeps no conversations (it has no store).');

/**
 * Every route of `createAgentServer`, one row each (ARCHITECTURE §3, README "Routes"): method, path
 * under `basePath`, how it authenticates, whether it resolves an agent, its id parameters, its body
 * and whether it changes state. The pipeline (`request-pipeline.ts`) runs the checks a row declares
 * before its handler; a handler never reads an id or a body itself. Literal paths come before the
 * `/:agentId…` ones (the first path that matches wins).
 */
export function routeTable(deps: RouteDeps): AnyRoute[] {
  const { config, store, files } = deps;
  /** The conversation routes' view of the store (they exist only with one: `unavailable` says 404 otherwise). */
  const conversations = (userId: string): ConversationRouteContext => ({ store: store!, cursors: deps.cursors!, userId, files });
  const unlessStore = () => (store ? undefined : noStore());
  const turn = { config, logger: deps.logger, toolTimeoutMs: deps.toolTimeoutMs, toolResultMaxChars: deps.toolResultMaxChars };
  const fileCheck = chatFileCheck({ allowRemoteFileUrls: config.limits?.allowRemoteFileUrls === true, files });
  const C = `/${CONVERSATIONS_SEGMENT}`;
  const user = 'user' as const;
  const a2a = a2aPublisher({ ...turn, store, runLog: deps.runLog, maxBodyBytes: deps.maxBodyBytes });

  return [
    // ---- conversations (server-owned history; 404 without a store) ----
    route({
      name: 'conversations.list', methods: ['GET'], path: C, auth: user, agent: false, params: [], query: ['agentId'], body: { kind: 'none' }, changesState: false,
      unavailable: unlessStore,
      handle: ({ url, query, userId }) => listConversationsRoute(url, query.agentId, conversations(userId)),
    }),
    route({
      name: 'conversation.load', methods: ['GET'], path: `${C}/:conversationId`, auth: user, agent: false, params: ['conversationId'], query: [], body: { kind: 'none' }, changesState: false,
      noTrailingSlash: true, unavailable: unlessStore,
      handle: ({ url, params, userId }) => loadConversationRoute(url, params.conversationId, conversations(userId)),
    }),
    route({
      name: 'conversation.rename', methods: ['PATCH'], path: `${C}/:conversationId`, auth: user, agent: false, params: ['conversationId'], query: [],
      body: { kind: 'json', schema: renameBodySchema, maxBytes: MAX_SMALL_BODY, invalid: { code: 'invalid_title', message: 'The title must be a string of 1 to 200 characters.' } },
      changesState: true, noTrailingSlash: true, unavailable: unlessStore,
      handle: ({ params, body, userId }) => renameConversationRoute(params.conversationId, body.title, conversations(userId)),
    }),
    route({
      name: 'conversation.delete', methods: ['DELETE'], path: `${C}/:conversationId`, auth: user, agent: false, params: ['conversationId'], query: [], body: { kind: 'none' },
      changesState: true, noTrailingSlash: true, unavailable: unlessStore,
      handle: ({ params, userId }) => deleteConversationRoute(params.conversationId, conversations(userId)),
    }),
    route({
      name: 'conversation.resume-run', methods: ['GET'], path: `${C}/:conversationId/${RUN_STREAM_SEGMENT}`, auth: user, agent: false, params: ['conversationId'], query: [], body: { kind: 'none' },
      changesState: false, noTrailingSlash: true, unavailable: unlessStore,
      handle: ({ request, url, params, userId }) => resumeRunRoute(request, url, params.conversationId, { store: store!, runLog: deps.runLog, keepAliveMs: deps.keepAliveMs, userId }),
    }),
    route({
      name: 'conversation.stop-run', methods: ['POST'], path: `${C}/:conversationId/${RUN_STOP_SEGMENT}`, auth: user, agent: false, params: ['conversationId'], query: [],
      body: { kind: 'json', schema: stopBodySchema, maxBytes: MAX_STOP_BODY, optional: true, invalid: { code: 'invalid_body', message: 'The stop body is invalid: send nothing or { runId }.' } },
      changesState: true, noTrailingSlash: true, unavailable: unlessStore,
      handle: ({ params, body, userId }) => stopRunRoute(params.conversationId, body, { store: store!, runLog: deps.runLog, userId }),
    }),
    route({
      name: 'conversation.switch-branch', methods: ['PUT'], path: `${C}/:conversationId/branch`, auth: user, agent: false, params: ['conversationId'], query: [],
      body: { kind: 'json', schema: switchBranchBodySchema, maxBytes: MAX_SMALL_BODY, invalid: { code: 'invalid_body', message: 'The branch body is invalid: send { messageId }.' } },
      changesState: true, noTrailingSlash: true, unavailable: unlessStore,
      handle: ({ url, params, body, userId }) => switchBranchRoute(url, params.conversationId, body.messageId, conversations(userId)),
    }),
    route({
      name: 'conversation.replace-queue', methods: ['PUT'], path: `${C}/:conversationId/queue`, auth: user, agent: false, params: ['conversationId'], query: [],
      body: { kind: 'json', schema: replaceQueueBodySchema, maxBytes: MAX_QUEUE_BODY, invalid: { code: 'invalid_body', message: 'The queue body is invalid: send { messages } (user messages).' } },
      changesState: true, noTrailingSlash: true, unavailable: unlessStore,
      handle: ({ params, body, userId }) => replaceQueueRoute(params.conversationId, queueInputOf(body.messages), conversations(userId)),
    }),
    route({
      name: 'message.delete', methods: ['DELETE'], path: `${C}/:conversationId/messages/:messageId`, auth: user, agent: false, params: ['conversationId', 'messageId'], query: [], body: { kind: 'none' },
      changesState: true, noTrailingSlash: true, unavailable: unlessStore,
      handle: ({ params, userId }) => deleteMessageRoute(params.conversationId, params.messageId, conversations(userId)),
    }),
    route({
      name: 'message.feedback', methods: ['PUT'], path: `${C}/:conversationId/messages/:messageId/feedback`, auth: user, agent: false, params: ['conversationId', 'messageId'], query: [],
      body: { kind: 'json', schema: feedbackBodySchema, maxBytes: MAX_SMALL_BODY, invalid: { code: 'invalid_body', message: 'The feedback body is invalid.' } },
      changesState: true, noTrailingSlash: true, unavailable: unlessStore,
      handle: ({ params, body, userId }) => feedbackRoute(params.conversationId, params.messageId, body, conversations(userId)),
    }),

    // ---- the user's live events (every tab follows; 501 without a store) ----
    route({
      name: 'events', methods: ['GET'], path: `/${EVENTS_SEGMENT}`, auth: user, agent: false, params: [], query: ['cursor'], body: { kind: 'none' }, changesState: false,
      noTrailingSlash: true, unavailable: () => eventsUnavailable(store),
      handle: ({ request, query, userId }) => eventsRoute(request, query.cursor, { runLog: deps.runLog, keepAliveMs: deps.keepAliveMs, userId }),
    }),

    // ---- run records (live from this instance, else from the store) ----
    route({
      name: 'runs.list', methods: ['GET'], path: `/${RUNS_SEGMENT}`, auth: user, agent: false, params: [], query: ['conversationId'], body: { kind: 'none' }, changesState: false,
      handle: ({ query, userId }) => runRecordListRoute(query.conversationId, { store, runs: deps.runs, userId }),
    }),
    route({
      name: 'run.read', methods: ['GET'], path: `/${RUNS_SEGMENT}/:runId`, auth: user, agent: false, params: ['runId'], query: [], body: { kind: 'none' }, changesState: false,
      handle: ({ params, userId }) => runRecordRoute(params.runId, { store, runs: deps.runs, userId }),
    }),

    // ---- MCP Apps sandbox page (public: it holds no data) ----
    route({
      name: 'mcp-apps.sandbox', methods: ['GET', 'HEAD'], path: `/${MCP_APPS_SEGMENT}/sandbox`, auth: 'none', agent: false, params: [], query: [], body: { kind: 'none' }, changesState: false,
      handle: async ({ url }) => sandboxPageResponse(url),
    }),

    // ---- an agent's routes ----
    route({
      name: 'agent.generate', methods: ['POST'], path: `/:agentId/${GENERATE_SEGMENT}`, auth: user, agent: true, params: [], query: ['conversationId'],
      body: { kind: 'json', schema: generateBodySchema, check: fileCheck, invalid: { code: 'invalid_body', message: 'The request body does not match the generate request schema.' } },
      changesState: true,
      handle: ({ request, query, body, user: who, agent }) => generateRoute(request, body, query.conversationId, { ...turn, ...agent, user: who, store, runLog: deps.runLog }),
    }),
    route({
      name: 'agent.generate.tool-outputs', methods: ['POST'], path: `/:agentId/${GENERATE_SEGMENT}/:runId/${TOOL_OUTPUTS_SEGMENT}`, auth: user, agent: true, params: ['runId'], query: [],
      body: {
        kind: 'json', schema: toolOutputsSchema,
        invalid: { code: 'invalid_body', message: 'The body must be { outputs?: [{ toolCallId, output } | { toolCallId, errorText }], approvals?: [{ approvalId, approved, reason?, input? }] }.' },
      },
      changesState: true, unavailable: () => toolOutputsUnavailable(store),
      handle: ({ request, params, body, user: who, agent }) => toolOutputsRoute(request, params.runId, body, { ...turn, ...agent, user: who, store: store!, runLog: deps.runLog }),
    }),
    route({
      name: 'agent.ag-ui', methods: ['POST'], path: `/:agentId/${AG_UI_SEGMENT}`, auth: user, agent: true, params: [], query: [],
      body: { kind: 'json', schema: runAgentInputSchema, invalid: { code: 'invalid_body', message: 'The request body is not an AG-UI RunAgentInput.' } },
      changesState: true,
      handle: ({ request, body, user: who, agent }) => handleAgUiRoute(request, body, { ...turn, ...agent, user: who, store, runLog: deps.runLog, onDisconnect: deps.onDisconnect, keepAliveMs: deps.keepAliveMs }),
    }),
    // ---- A2A (an agent with `a2a.publish`; else 404): its card, and the JSON-RPC methods of A2A 1.0 ----
    route({
      name: 'agent.a2a.card', methods: ['GET'], path: `/:agentId${AGENT_CARD_SUFFIX}`, auth: user, agent: true, params: [], query: [], body: { kind: 'none' }, changesState: false,
      handle: ({ url, agent }) => a2a.card(url, agent.agentId, agent.agent),
    }),
    route({
      name: 'agent.a2a', methods: ['POST'], path: `/:agentId/${A2A_SEGMENT}`, auth: user, agent: true, params: [], query: [], body: { kind: 'stream' }, changesState: true,
      handle: ({ request, user: who, userId, agent }) => a2a.rpc(request, agent.agentId, agent.agent, who, userId),
    }),
    route({
      name: 'agent.mcp-apps.resource', methods: ['POST'], path: `/:agentId/${MCP_APPS_SEGMENT}/resource`, auth: user, agent: true, params: [], query: [],
      body: { kind: 'json', schema: mcpAppResourceSchema, invalid: { code: 'invalid_body', message: 'The request body does not match the MCP Apps route schema.' } },
      // Reads only, but a POST with a body a page could send cross-site: refused like the others.
      changesState: true,
      handle: ({ request, body, user: who, userId, agent }) => mcpAppResourceRoute(request, body, { ...turn, ...agent, user: who, userId, store, maxBodyBytes: deps.maxBodyBytes }),
    }),
    route({
      name: 'agent.mcp-apps.call', methods: ['POST'], path: `/:agentId/${MCP_APPS_SEGMENT}/call`, auth: user, agent: true, params: [], query: [],
      body: { kind: 'json', schema: mcpAppCallSchema, invalid: { code: 'invalid_body', message: 'The request body does not match the MCP Apps route schema.' } },
      changesState: true,
      handle: ({ request, body, user: who, userId, agent }) => mcpAppCallRoute(request, body, { ...turn, ...agent, user: who, userId, store, maxBodyBytes: deps.maxBodyBytes }),
    }),
    route({
      name: 'agent.remote-agent-answer', methods: ['POST'], path: `/:agentId/${REMOTE_AGENT_ANSWER_SEGMENT}`, auth: user, agent: true, params: [], query: [],
      body: { kind: 'json', schema: remoteAgentAnswerSchema, maxBytes: MAX_QUEUE_BODY, invalid: { code: 'invalid_body', message: 'The body must be { toolCallId, answer } (a non-empty answer of at most 10,000 characters).' } },
      changesState: true,
      handle: ({ body, userId, agent }) => remoteAnswerRoute(config, body, { userId, agentId: agent.agentId }),
    }),
    route({
      name: 'agent.files.upload', methods: ['POST'], path: `/:agentId/${FILES_SEGMENT}`, auth: user, agent: true, params: [], query: [], body: { kind: 'stream' }, changesState: true,
      handle: ({ request, url, userId, agent }) => handleUpload(request, url, files, agent.agentId, userId),
    }),
    // A signed download URL authorizes itself (an <img> sends no Authorization header).
    route({
      name: 'agent.files.download', methods: ['GET'], path: `/:agentId/${FILES_SEGMENT}/:fileId`, auth: 'signed', agent: false, params: ['agentId', 'fileId'], query: [], body: { kind: 'none' },
      changesState: false,
      handle: ({ url, params }) => handleDownload(url, files, params.fileId),
    }),
    route({
      name: 'agent.transcribe', methods: ['POST'], path: `/:agentId/${TRANSCRIBE_SEGMENT}`, auth: user, agent: true, params: [], query: [], body: { kind: 'stream' }, changesState: true,
      handle: ({ request }) => deps.transcribe(request),
    }),
    // Our own wire: the turn's UI message stream. Last: `/:agentId` would match any one-segment path.
    route({
      name: 'agent.chat', methods: ['POST'], path: '/:agentId', auth: user, agent: true, params: [], query: ['conversationId'],
      body: { kind: 'json', schema: chatBodySchema, check: fileCheck, invalid: { code: 'invalid_body', message: 'The request body does not match the agent request schema.' } },
      changesState: true,
      handle: ({ request, query, body, user: who, agent }) =>
        runTurn({
          ...turn,
          ...agent,
          body,
          conversationId: body.conversationId ?? query.conversationId,
          store,
          runLog: deps.runLog,
          onDisconnect: deps.onDisconnect,
          keepAliveMs: deps.keepAliveMs,
          user: who,
          signal: request.signal,
        }),
    }),
  ];
}
