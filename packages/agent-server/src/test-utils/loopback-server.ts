import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '../adapters/node.js';
import type { AgentServer } from '../config/types.js';

/**
 * Serves `server` over real HTTP on 127.0.0.1 (a free port), adds the node server to `servers` (the
 * test closes them after), and resolves its base URL and the node server.
 */
export async function listenOnLoopback(server: AgentServer, servers: Server[]): Promise<{ base: string; http: Server }> {
  const http = createServer(toNodeHandler(server));
  servers.push(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, http };
}
