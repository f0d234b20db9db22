import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { freePort } from '../../packages/agent-server/src/test-utils/scratch-server.ts';

const PLAYGROUND = join(import.meta.dirname, '..', '..', 'examples', 'playground');
const DIST = join(PLAYGROUND, 'dist');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.woff2': 'font/woff2', '.png': 'image/png' };

/**
 * A playground of a spec's own, so that killing its API server affects no other spec: the playground
 * API (`examples/playground/server.ts`, conversations in PGlite in a folder of its own, so a restart
 * keeps them) and a front server on another port that serves the built app (`dist/`, built by the
 * playground's web server of the e2e run) and forwards `/api` as a reverse proxy does, streaming. While
 * the API is down, the proxy drops the connection (what a browser sees of a dead server behind it).
 * `env` adds to the API's environment (e.g. `PLAYGROUND_DATA` = a PostgreSQL URL and `PLAYGROUND_REDIS`:
 * one of several instances sharing them).
 */
export async function ownPlayground(options: { env?: Record<string, string> } = {}) {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'xagent-own-playground-'));
  let api: ChildProcess | undefined;

  const startApi = async () => {
    api = spawn(process.execPath, ['server.ts'], {
      cwd: PLAYGROUND,
      env: { ...process.env, PLAYGROUND_API_PORT: String(apiPort), PLAYGROUND_DATA: dataDir, PLAYGROUND_DEV_TOOLS: 'off', ...options.env },
      stdio: 'ignore',
    });
    for (let i = 0; i < 600; i++) {
      // The conversation list reads the store: PGlite is open (and its first query done) once it answers.
      const up = await fetch(`http://127.0.0.1:${apiPort}/api/agent/conversations`).then((r) => r.ok, () => false);
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the playground API did not start');
  };
  /** The API process dies at once (SIGKILL: no shutdown, no saved reply), as a crashed server does. */
  const killApi = () => {
    api?.kill('SIGKILL');
    api = undefined;
  };

  /** The API stops as a deployment stops it (SIGTERM: its temp folder goes; SIGKILL after 5 s). */
  const stopApi = async () => {
    const running = api;
    api = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  const web: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/')) {
      const upstream = request({ host: '127.0.0.1', port: apiPort, path: url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
        answer.on('aborted', () => res.destroy());
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
      return;
    }
    const path = normalize(join(DIST, decodeURIComponent(url.split('?')[0]!)));
    const file = path.startsWith(DIST) && statSync(path, { throwIfNoEntry: false })?.isFile() ? path : join(DIST, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => web.listen(webPort, '127.0.0.1', resolve));
  await startApi();

  return {
    url: `http://127.0.0.1:${webPort}/`,
    startApi,
    killApi,
    async close() {
      await stopApi();
      web.closeAllConnections();
      await new Promise((resolve) => web.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
