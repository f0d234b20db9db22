import type { Server } from 'node:http';
import type { LanguageModel } from 'ai';
import { z } from 'zod';
import type { AgentServerConfig } from '../config/types.js';
import { createAgentServer } from '../server.js';
import { listenOnLoopback } from './loopback-server.js';
import { deleteFileTool } from './delete-file-tool.js';

/**
 * Our server behind a real node HTTP server on 127.0.0.1 (added to `servers`, which the test closes),
 * with agent `assistant` holding `deleteFile` (needs approval; records what it deleted) and
 * `weather`: the AG-UI url of the agent, and what was deleted.
 */
export async function serveAgUi(servers: Server[], model: LanguageModel, extra: Partial<AgentServerConfig> = {}) {
  const deleted: string[] = [];
  const agentServer = createAgentServer({
    tools: {
      deleteFile: deleteFileTool(deleted, true),
      weather: { description: 'Weather', inputSchema: z.object({ city: z.string() }), execute: ({ city }: { city: string }) => ({ city, tempC: 21 }) },
    },
    agents: { assistant: { model, tools: ['deleteFile', 'weather'] } },
    logger: { warn: () => {}, error: () => {} },
    ...extra,
  });
  const { base } = await listenOnLoopback(agentServer, servers);
  return { url: `${base}/api/agent/assistant/ag-ui`, deleted };
}

/** Closes every server a test started. */
export async function closeServers(servers: Server[]): Promise<void> {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
