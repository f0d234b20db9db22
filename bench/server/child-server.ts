import type { Server } from 'node:http';

/**
 * Runs `server` as a bench child process: listens on 127.0.0.1 (a free port), prints `{"port":N}`
 * on stdout for the parent, and exits when the parent closes stdin or after `maxMinutes`.
 */
export function serveAsChild(server: Server, maxMinutes = 30): void {
  server.keepAliveTimeout = 5000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
  });
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
  setTimeout(() => process.exit(0), maxMinutes * 60_000).unref();
}
