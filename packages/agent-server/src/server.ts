import { consoleLogger, DEFAULTS } from './config/defaults.js';
import type { AgentUser } from './config/tool-types.js';
import type { HookFunction } from './config/hook-types.js';
import type { AgentConfig, AgentServer, AgentServerConfig, TypedAgentServerConfig } from './config/types.js';
import { validateConfig } from './config/validate-config.js';
import { CONVERSATIONS_SEGMENT, FILES_SEGMENT, GENERATE_SEGMENT, RUNS_SEGMENT, TRANSCRIBE_SEGMENT } from '@x/agent-protocol/routes';
import { MCP_APPS_SEGMENT } from '@x/agent-protocol/mcp-apps';
import { filesOf } from './files/file-service.js';
import { handleDownload, handleUpload } from './files/file-routes.js';
import { startOrphanSweep } from './files/orphan-sweep.js';
import { cursorCodec } from './http/conversation-cursor.js';
import { AG_UI_SEGMENT, handleAgUiRoute } from './ag-ui/ag-ui-route.js';
import { handleConversationRoute } from './http/conversation-routes.js';
import { errorResponse, HttpError, requestErrorResponse } from './http/error-response.js';
import { AgentRequestError } from './runtime/request-error.js';
import { parseChatRequest } from './http/parse-request.js';
import { handleRunRecordRoute } from './http/run-record-routes.js';
import { DEFAULT_KEEP_ALIVE_MS } from './runtime/sse-keep-alive.js';
import { liveRunsOf } from './runtime/live-runs.js';
import { handleGenerateRoute } from './http/generate-route.js';
import { runTurn, storeUserId } from './runtime/run-turn.js';
import { memoryRunLog } from './runs/memory-run-log.js';
import { guardedStore } from './store/guarded-store.js';
import { StoreConflictError, StoreUnavailableError } from './store/types.js';
import { continueIncomingTraces } from './tracing/trace-headers.js';
import { traceRunLog } from './tracing/traced-run-log.js';
import type { TypedServerConfig } from './config/infer-tools.js';
import { traceStore } from './tracing/traced-store.js';
import { transcribeRoute } from './transcription/transcribe-route.js';
import { handleMcpAppRoute } from './mcp-apps/mcp-app-routes.js';
import { sandboxPageResponse } from './mcp-apps/sandbox-page.js';

/**
 * Validates the config once (throws `ConfigError` listing every problem with its path; warnings go to
 * the logger) and returns a Web-standard handler for `POST {basePath}/{agentId}`.
 *
 * Per request: route → method → `authenticate` (401) → agent (404) → agent `access` (403) → body (415 /
 * 413 / 400) → the turn's UI message stream. With a `store`, `{basePath}/conversations…` are the
 * conversation routes (without one they answer 404 `not_found`). `POST {basePath}/{agentId}/generate`
 * (and `…/generate/{runId}/tool-outputs`) run the loop without streaming and answer JSON;
 * `POST {basePath}/{agentId}/ag-ui` runs the same turn for an AG-UI client (`RunAgentInput` in, AG-UI
 * events out); `POST {basePath}/{agentId}/transcribe` turns a recording into text
 * (`config.transcription`); `POST {basePath}/{agentId}/mcp-apps/{resource|call}` serve MCP Apps
 * (their HTML, their tool calls) and `GET {basePath}/mcp-apps/sandbox` their sandbox proxy page;
 * with `config.files`, `POST {basePath}/{agentId}/files` stores an upload and
 * `GET {basePath}/{agentId}/files/{id}?exp&sig` serves it (signed URL). Nothing answers a 500 with
 * internals; a store that fails answers 503 `store_unavailable`.
 */
export function createAgentServer<
  const AGENTS extends Record<string, AgentConfig>,
  TOOLS extends NonNullable<AgentServerConfig['tools']> = Record<never, never>,
  // Without a `tools` (or `hooks`) key there is nothing to check names against at compile time.
  INPUTS = Record<string, unknown>,
  HOOK extends string = string,
>(
  typed: TypedAgentServerConfig<AGENTS, TOOLS, INPUTS, Record<HOOK, HookFunction>>,
): AgentServer<TypedServerConfig<AGENTS, TOOLS, HOOK>> {
  // The names were checked by the compiler for a config written in code; at run time every config
  // (a file's too) is checked by `validateConfig` below.
  const config: AgentServerConfig = typed;
  const logger = config?.logger ?? consoleLogger;
  validateConfig(config, logger);
  const basePath = (config.basePath ?? DEFAULTS.basePath).replace(/\/+$/, '');
  const maxBodyBytes = config.limits?.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const toolTimeoutMs = config.limits?.toolTimeoutMs ?? DEFAULTS.toolTimeoutMs;
  const toolResultMaxChars = config.limits?.toolResultMaxChars ?? DEFAULTS.toolResultMaxChars;
  const store = config.store ? guardedStore(traceStore(config.store)) : undefined;
  const cursors = store ? cursorCodec(config.approvalSecret) : undefined;
  // Runs are resumable and stoppable only for stored conversations (ARCHITECTURE §7).
  const runLog = store ? traceRunLog(config.runLog ?? memoryRunLog()) : undefined;
  const onDisconnect = config.onDisconnect ?? (store ? 'continue' : 'abort');
  const keepAliveMs = config.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
  const transcribeHandler = transcribeRoute(config, logger);
  const files = filesOf(config);
  const sweep = files ? startOrphanSweep(files, logger) : undefined;

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const prefix = `${basePath}/`;
    if (!url.pathname.startsWith(prefix)) throw new HttpError('not_found', `No route at ${url.pathname.slice(0, 200)}.`);
    const rawId = url.pathname.slice(prefix.length).replace(/\/+$/, '');
    const segments = rawId.split('/');
    if (segments[0] === CONVERSATIONS_SEGMENT) {
      if (!store || !cursors) throw new HttpError('not_found', 'This server keeps no conversations (it has no store).');
      // `{id}/..` and `{id}/messages/..` reach us normalised by the URL parser to `{id}/` and
      // `{conversationId}/`: a trailing slash below the list never names a route (a DELETE of
      // `…/messages/..` must not become a DELETE of the conversation).
      if (segments.length > 1 && url.pathname.endsWith('/')) throw new HttpError('not_found', `No route at ${url.pathname.slice(0, 200)} (no trailing slash).`);
      const user = await authenticate(request);
      return handleConversationRoute(request, url, segments.slice(1), { store, cursors, runLog, keepAliveMs, userId: storeUserId(user), files });
    }
    if (segments[0] === RUNS_SEGMENT) {
      const user = await authenticate(request);
      return handleRunRecordRoute(request, url, segments.slice(1), { store, runs: liveRunsOf(config), userId: storeUserId(user) });
    }
    if (segments.length === 2 && segments[0] === MCP_APPS_SEGMENT && segments[1] === 'sandbox') {
      if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpError('method_not_allowed', `Use GET ${basePath}/${MCP_APPS_SEGMENT}/sandbox.`, undefined, { allow: 'GET' });
      return sandboxPageResponse(url);
    }
    if (segments.length === 3 && segments[1] === MCP_APPS_SEGMENT) {
      const { agentId, agent, user } = await resolveAgent(request, segments[0]!, `${basePath}/{agentId}/${MCP_APPS_SEGMENT}/${segments[2]!.slice(0, 32)}`);
      return handleMcpAppRoute(request, segments[2], { agentId, agent, user, userId: storeUserId(user), store, config, logger, maxBodyBytes, toolTimeoutMs, toolResultMaxChars });
    }
    if (segments.length > 1 && segments[1] === GENERATE_SEGMENT) {
      const { agentId, agent, user } = await resolveAgent(request, segments[0]!, `${basePath}/{agentId}/${GENERATE_SEGMENT}`);
      return handleGenerateRoute(request, url, segments.slice(2), { agentId, agent, user, store, runLog, config, logger, maxBodyBytes, toolTimeoutMs, toolResultMaxChars });
    }
    if (segments.length === 2 && segments[1] === AG_UI_SEGMENT) {
      const { agentId, agent, user } = await resolveAgent(request, segments[0]!, `${basePath}/{agentId}/${AG_UI_SEGMENT}`);
      return handleAgUiRoute(request, { agentId, agent, user, store, runLog, onDisconnect, config, logger, maxBodyBytes, toolTimeoutMs, toolResultMaxChars });
    }
    // A signed download URL authorizes itself (an <img> sends no Authorization header).
    if (segments.length === 3 && segments[1] === FILES_SEGMENT) return handleDownload(request, url, files, segments[2]!);
    if (segments.length === 2 && segments[1] === FILES_SEGMENT) {
      const { agentId, user } = await resolveAgent(request, segments[0]!, `${basePath}/{agentId}/${FILES_SEGMENT}`);
      return handleUpload(request, url, files, agentId, storeUserId(user));
    }
    if (segments.length === 2 && segments[1] === TRANSCRIBE_SEGMENT) {
      await resolveAgent(request, segments[0]!, `${basePath}/{agentId}/${TRANSCRIBE_SEGMENT}`);
      return transcribeHandler(request);
    }
    const { agentId, agent, user } = await resolveAgent(request, rawId, `${basePath}/{agentId}`);
    const { body, conversationId } = await parseChatRequest(request, url, maxBodyBytes, {
      allowRemoteFileUrls: config.limits?.allowRemoteFileUrls === true,
      files,
    });
    return runTurn({
      agentId,
      agent,
      body,
      conversationId,
      store,
      runLog,
      onDisconnect,
      keepAliveMs,
      user,
      signal: request.signal,
      config,
      logger,
      toolTimeoutMs,
      toolResultMaxChars,
    });
  }

  /** Method (405) → `authenticate` (401) → agent (404) → agent `access` (403), for every agent route. */
  async function resolveAgent(request: Request, rawId: string, route: string) {
    let agentId: string;
    try {
      agentId = decodeURIComponent(rawId);
    } catch {
      throw new HttpError('not_found', 'Malformed agent id in the path.');
    }
    if (request.method !== 'POST') {
      throw new HttpError('method_not_allowed', `Use POST ${route}.`, undefined, { allow: 'POST' });
    }
    const user = await authenticate(request);
    const agent = Object.hasOwn(config.agents, agentId) ? config.agents[agentId] : undefined;
    if (!agent) throw new HttpError('unknown_agent', `There is no agent "${agentId.slice(0, 64)}".`);
    if (agent.access && !(await agent.access(user))) {
      throw new HttpError('forbidden', 'You may not use this agent.');
    }
    return { agentId, agent, user };
  }

  async function authenticate(request: Request): Promise<AgentUser | undefined> {
    if (!config.authenticate) return undefined;
    const user = await config.authenticate(request);
    if (user === null || user === undefined) throw new HttpError('unauthorized', 'Sign in to use this agent.');
    return user;
  }

  return continueIncomingTraces<AgentServer<TypedServerConfig<AGENTS, TOOLS, HOOK>>>({
    config: typed,
    close: async () => {
      await sweep?.stop();
    },
    async fetch(request) {
      try {
        return await handle(request);
      } catch (error) {
        if (error instanceof AgentRequestError) return requestErrorResponse(error);
        if (error instanceof StoreConflictError) return errorResponse('conversation_conflict', 'The conversation changed meanwhile; reload it.');
        if (error instanceof StoreUnavailableError) {
          logger.error('store unavailable', { error: error.message });
          return errorResponse('store_unavailable', 'The conversation store is unavailable; try again shortly.');
        }
        logger.error('request failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
        return errorResponse('internal_error', 'The server failed to handle the request.');
      }
    },
  });
}
