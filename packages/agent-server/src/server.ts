import { consoleLogger, DEFAULTS } from './config/defaults.js';
import type { HookFunction } from './config/hook-types.js';
import type { AgentConfig, AgentServer, AgentServerConfig, TypedAgentServerConfig } from './config/types.js';
import { validateConfig } from './config/validate-config.js';
import { filesOf } from './files/file-service.js';
import { startOrphanSweep } from './files/orphan-sweep.js';
import { cursorCodec } from './http/conversation-cursor.js';
import { errorResponse, requestErrorResponse } from './http/error-response.js';
import { requestPipeline } from './http/pipeline/request-pipeline.js';
import { routeTable } from './http/pipeline/route-table.js';
import { AgentRequestError } from './config/request-error.js';
import { DEFAULT_KEEP_ALIVE_MS } from './runtime/sse-keep-alive.js';
import { liveRunsOf } from './runtime/live-runs.js';
import { memoryRunLog } from './runs/memory-run-log.js';
import { guardedStore } from './store/guarded-store.js';
import { liveStore } from './live/live-store.js';
import { StoreConflictError, StoreUnavailableError } from './store/types.js';
import { continueIncomingTraces } from './tracing/trace-headers.js';
import { traceRunLog } from './tracing/traced-run-log.js';
import { answerQuestionsThrough } from './a2a/remote/remote-questions.js';
import type { TypedServerConfig } from './config/infer-tools.js';
import { traceStore } from './tracing/traced-store.js';
import { transcribeRoute } from './transcription/transcribe-route.js';
import { endSharedMcpClients } from './tools/mcp-shared-clients.js';

/**
 * Validates the config once (throws `ConfigError` listing every problem with its path; warnings go to
 * the logger) and returns a Web-standard handler for every route of the kit under `basePath`: our
 * chat route `POST {basePath}/{agentId}` (the turn's UI message stream), AG-UI, generate, the
 * conversation, run, run record, file, transcription and MCP Apps routes. One route table
 * (`http/pipeline/route-table.ts`) lists them; one pipeline (`http/pipeline/request-pipeline.ts`)
 * runs every request through the same steps before a handler: route (404 / 405) → cross-site check of
 * a state-changing route (403 `cross_site_request`) → `authenticate` (401) → agent (404) and its
 * `access` (403) → every path and query id through the protocol's id rule (400 `invalid_id`) → the
 * body with the route's schema (415 / 413 / 400). Nothing answers a 500 with internals; a store that
 * fails answers 503 `store_unavailable`.
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
  // Runs are resumable and stoppable only for stored conversations (ARCHITECTURE §7).
  const runLog = config.store ? traceRunLog(config.runLog ?? memoryRunLog()) : undefined;
  // Every write of the store publishes the user's live events through the run log (`GET {basePath}/events`).
  const store = config.store ? liveStore(guardedStore(traceStore(config.store)), { runLog, logger }) : undefined;
  const cursors = store ? cursorCodec(config.approvalSecret) : undefined;
  // A remote agent's question waits on the run log's delivery channel: answerable on any instance sharing it.
  answerQuestionsThrough(config, runLog);
  const onDisconnect = config.onDisconnect ?? (store ? 'continue' : 'abort');
  const keepAliveMs = config.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
  const files = filesOf(config);
  const sweep = files ? startOrphanSweep(files, logger) : undefined;

  const handle = requestPipeline({
    config,
    basePath,
    maxBodyBytes,
    routes: routeTable({
      config,
      logger,
      store,
      cursors,
      runLog,
      runs: liveRunsOf(config),
      files,
      onDisconnect,
      keepAliveMs,
      maxBodyBytes,
      toolTimeoutMs,
      toolResultMaxChars,
      transcribe: transcribeRoute(config, logger),
    }),
  });

  return continueIncomingTraces<AgentServer<TypedServerConfig<AGENTS, TOOLS, HOOK>>>({
    config: typed,
    close: async () => {
      await Promise.all([sweep?.stop(), endSharedMcpClients(config)]);
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
