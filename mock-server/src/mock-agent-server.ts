import { createAgentServer, type AgentServer, type AgentServerConfig } from '@x/agent-server';
import { echoScenario } from './echo-script.js';
import type { Script } from './script.js';
import { scriptedModel } from './scripted-model.js';

export interface MockAgentServerOptions {
  /** Scripts by agent id (default: `{ assistant: echoScenario }`). */
  agents?: Record<string, Script>;
  basePath?: string;
  logger?: AgentServerConfig['logger'];
}

/** The real `@x/agent-server`, with scripted mock models behind its agents. */
export function createMockAgentServer(options: MockAgentServerOptions = {}): AgentServer {
  const scripts = options.agents ?? { assistant: echoScenario };
  const agents: AgentServerConfig['agents'] = {};
  for (const [id, script] of Object.entries(scripts)) {
    agents[id] = { model: scriptedModel(script, { modelId: id }), instructions: `You are the ${id} agent.` };
  }
  return createAgentServer({
    agents,
    ...(options.basePath ? { basePath: options.basePath } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
}
