import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentServer } from '@x/agent-server';
import { toNodeHandler } from '@x/agent-server/node';
import { createMockAgentServer } from './mock-agent-server.js';

export interface RunningServer {
  url: string;
  port: number;
  http: Server;
  close(): Promise<void>;
}

/** Serves an agent server (default: the mock one) over node:http on a local port (0 = any free). */
export async function startMockServer(
  options: { port?: number; host?: string; server?: AgentServer } = {},
): Promise<RunningServer> {
  const agentServer = options.server ?? createMockAgentServer();
  const handler = toNodeHandler(agentServer);
  const http = createServer((req, res) => handler(req, res));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    http,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

export { loadFixture, saveFixture } from './record/fixture-file.js';
