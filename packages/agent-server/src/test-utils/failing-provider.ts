import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local stand-in for a provider API that answers every request with an HTTP error. */
export interface FailingProvider {
  /** Pass as the connection's `baseURL` (`/v1` prefix, like OpenAI's). */
  baseURL: string;
  /** How many requests it answered (1 + the SDK's retries). */
  readonly calls: number;
  close(): Promise<void>;
}

/**
 * Answers every request with `status` and a JSON body carrying a secret the client must never see
 * (`retry-after-ms: 1`, so the AI SDK's default retries do not wait seconds between attempts).
 */
export async function startFailingProvider(status: number, secret = 'sk-fake-secret-in-body'): Promise<FailingProvider> {
  let calls = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls++;
      res.writeHead(status, { 'content-type': 'application/json', 'retry-after-ms': '1' });
      res.end(JSON.stringify({ error: { message: `upstream said no (${secret})`, type: 'fake_error', code: String(status) } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    get calls() {
      return calls;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
