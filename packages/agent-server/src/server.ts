import { consoleLogger, DEFAULTS } from './config/defaults.js';
import type { AgentUser } from './config/tool-types.js';
import type { AgentServer, AgentServerConfig } from './config/types.js';
import { validateConfig } from './config/validate-config.js';
import { errorResponse, HttpError } from './http/error-response.js';
import { parseChatRequest } from './http/parse-request.js';
import { runTurn } from './runtime/run-turn.js';

/**
 * Validates the config once (throws `ConfigError` listing every problem with its path; warnings go to
 * the logger) and returns a Web-standard handler for `POST {basePath}/{agentId}`.
 *
 * Per request: route → method → `authenticate` (401) → agent (404) → agent `access` (403) → body (415 /
 * 413 / 400) → the turn's UI message stream. Nothing answers a 500 with internals.
 */
export function createAgentServer(config: AgentServerConfig): AgentServer {
  const logger = config?.logger ?? consoleLogger;
  validateConfig(config, logger);
  const basePath = (config.basePath ?? DEFAULTS.basePath).replace(/\/+$/, '');
  const maxBodyBytes = config.limits?.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const toolTimeoutMs = config.limits?.toolTimeoutMs ?? DEFAULTS.toolTimeoutMs;
  const toolResultMaxChars = config.limits?.toolResultMaxChars ?? DEFAULTS.toolResultMaxChars;

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const prefix = `${basePath}/`;
    if (!url.pathname.startsWith(prefix)) throw new HttpError('not_found', `No route at ${url.pathname.slice(0, 200)}.`);
    const rawId = url.pathname.slice(prefix.length).replace(/\/+$/, '');
    let agentId: string;
    try {
      agentId = decodeURIComponent(rawId);
    } catch {
      throw new HttpError('not_found', 'Malformed agent id in the path.');
    }
    if (request.method !== 'POST') {
      throw new HttpError('method_not_allowed', `Use POST ${basePath}/{agentId}.`, undefined, { allow: 'POST' });
    }
    const user = await authenticate(request);
    const agent = Object.hasOwn(config.agents, agentId) ? config.agents[agentId] : undefined;
    if (!agent) throw new HttpError('unknown_agent', `There is no agent "${agentId.slice(0, 64)}".`);
    if (agent.access && !(await agent.access(user))) {
      throw new HttpError('forbidden', 'You may not use this agent.');
    }
    const { body, conversationId } = await parseChatRequest(request, url, maxBodyBytes, {
      allowRemoteFileUrls: config.limits?.allowRemoteFileUrls === true,
    });
    return runTurn({
      agentId,
      agent,
      body,
      conversationId,
      user,
      signal: request.signal,
      config,
      logger,
      toolTimeoutMs,
      toolResultMaxChars,
    });
  }

  async function authenticate(request: Request): Promise<AgentUser | undefined> {
    if (!config.authenticate) return undefined;
    const user = await config.authenticate(request);
    if (user === null || user === undefined) throw new HttpError('unauthorized', 'Sign in to use this agent.');
    return user;
  }

  return {
    config,
    async fetch(request) {
      try {
        return await handle(request);
      } catch (error) {
        if (error instanceof HttpError) return error.toResponse();
        logger.error('request failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
        return errorResponse('internal_error', 'The server failed to handle the request.');
      }
    },
  };
}
