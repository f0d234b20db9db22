import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the test server received. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP server on 127.0.0.1 with the given routes (by path), recording what it received. */
export async function startHttpTestServer(routes: Record<string, (req: ReceivedRequest, res: ServerResponse, base: string) => void>) {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const record = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(record);
      const path = new URL(record.url, 'http://x').pathname;
      const route = routes[path] ?? Object.entries(routes).find(([prefix]) => prefix.endsWith('*') && path.startsWith(prefix.slice(0, -1)))?.[1];
      if (!route) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('no such route');
        return;
      }
      route(record, res, base);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    port: (server.address() as AddressInfo).port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
