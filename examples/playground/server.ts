// The playground's API server on node:http: the real @x/agent-server, which also serves the
// conversation routes from its store. Run with Node >= 22.12 (`node server.ts`; types are stripped).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileSystemBlobStore } from '@x/agent-server/files';
import { memoryStore } from '@x/agent-server/store';
import { pgliteStore } from '@x/agent-server/pglite';
import { toNodeHandler } from '@x/agent-server/node';
import { createPlaygroundAgentServer } from './server/playground-agent-server.ts';
import { saveFixtureRoute } from './server/save-fixture-route.ts';
import { gatesRoute, playgroundGates } from './server/test-gates.ts';

const port = Number(process.env.PLAYGROUND_API_PORT ?? process.env.PORT ?? 8787);
// Conversations live in PGlite (embedded Postgres) in .data/ (git-ignored); PLAYGROUND_DATA=memory
// keeps them in memory only (the e2e run), a postgres:// URL in that PostgreSQL (several instances
// sharing it, with PLAYGROUND_REDIS=redis://… as their run log: the two-instance e2e), any other
// value is the data folder.
const data = process.env.PLAYGROUND_DATA;
const postgres = data !== undefined && /^postgres(ql)?:\/\//.test(data);
const dataDir = data ?? join(import.meta.dirname, '.data', 'pglite');
if (data !== 'memory' && !postgres) mkdirSync(dataDir, { recursive: true });
const store =
  data === 'memory' ? memoryStore() : postgres ? (await import('@x/agent-server/postgres')).postgresStore({ connectionString: data }) : pgliteStore({ dataDir });
const redisUrl = process.env.PLAYGROUND_REDIS;
const runLog = redisUrl ? (await import('@x/agent-server/redis')).redisRunLog({ url: redisUrl }) : undefined;
// Attachments are uploaded to a blob store (README "Files") in .data/files, or a temp folder in memory mode.
const tempFiles = data === 'memory' || postgres;
const filesDir = tempFiles ? mkdtempSync(join(tmpdir(), 'playground-files-')) : join(import.meta.dirname, '.data', 'files');
// PLAYGROUND_TEST_GATES=1 (the e2e run): scripted replies hold at their gates until a spec opens them.
const gates = playgroundGates();
const { server: agents, label, prompts } = await createPlaygroundAgentServer(store, { store: fileSystemBlobStore({ dir: filesDir }) }, runLog, gates);
const agentHandler = toNodeHandler(agents);

// MCP Apps' sandbox proxy page must be on another origin than the page: this server's own port under
// the name `localhost` (the page is on 127.0.0.1 or another port). A deployment gives it a domain of its own.
const sandboxUrl = `${process.env.PLAYGROUND_SANDBOX_ORIGIN ?? `http://localhost:${port}`}/api/agent/mcp-apps/sandbox`;

const http = createServer((req, res) => {
  if (req.url === '/api/scenarios' && req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ mode: label, prompts, sandboxUrl }));
    return;
  }
  if (gatesRoute(req, res, gates)) return;
  // Dev tool: the "Save this conversation as a fixture" button (PLAYGROUND_DEV_TOOLS=off removes it).
  if (req.url === '/api/dev/fixtures' && process.env.PLAYGROUND_DEV_TOOLS !== 'off') {
    void saveFixtureRoute(req, res, join(import.meta.dirname, '.data', 'fixtures'));
    return;
  }
  agentHandler(req, res);
});
http.listen(port, '127.0.0.1', () => {
  console.log(`playground API on http://127.0.0.1:${port}/api/agent/assistant — ${label}; conversations in ${data === 'memory' ? 'memory' : postgres ? 'PostgreSQL' : 'PGlite'}${runLog ? ', run log in Redis' : ''}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    http.closeAllConnections();
    // The agent server's own work ends too: the MCP server processes it keeps between turns.
    // A temp folder of uploads goes with the server that made it.
    http.close(() =>
      void agents.close().finally(() => {
        if (tempFiles) rmSync(filesDir, { recursive: true, force: true });
        process.exit(0);
      }),
    );
  });
}
