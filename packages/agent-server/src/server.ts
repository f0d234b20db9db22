import { consoleLogger, DEFAULTS } from './config/defaults.js';
import type { AgentServer, AgentServerConfig } from './config/types.js';
import { validateConfig } from './config/validate-config.js';
import { errorResponse, HttpError } from './http/error-response.js';
import { parseChatRequest } from './http/parse-request.js';
import { runTurn } from './runtime/run-turn.js';

/**
 * Validates the config once (throws ConfigError listing every problem) and returns a Web-standard
 * handler for `POST {basePath}/{agentId}`.
 */
export function createAgentServer(config: AgentServerConfig): AgentServer {
  validateConfig(config);
  const logger = config.logger ?? consoleLogger;
  const basePath = (config.basePath ?? DEFAULTS.basePath).replace(/\/+$/, '');
  const maxBodyBytes = config.limits?.maxBodyBytes ?? DEFAULTS.maxBodyBytes;

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const prefix = `${basePath}/`;
    if (!url.pathname.startsWith(prefix)) throw new HttpError('not_found', `No route at ${url.pathname}.`);
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
    const agent = Object.hasOwn(config.agents, agentId) ? config.agents[agentId] : undefined;
    if (!agent) throw new HttpError('unknown_agent', `There is no agent "${agentId.slice(0, 64)}".`);
    const { body, conversationId } = await parseChatRequest(request, url, maxBodyBytes);
    return runTurn({ agentId, agent, body, conversationId, signal: request.signal, logger });
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
