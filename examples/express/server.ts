// The agent server inside an Express 5 app: `app.use('/api/agent', toNodeHandler(server))`.
// Run with Node >= 22.12: `node server.ts` (PORT defaults to 3030).
import { fileURLToPath } from 'node:url';
import express from 'express';
import { agentErrorHandler, toNodeHandler } from '@x/agent-server/node';
import { createMockAgentServer } from '@x/mock-server';

const server = createMockAgentServer();
const app = express();

app.get('/health', (_req, res) => {
  res.json({ ok: true });
});
// A browser opening the server asks for /favicon.ico: answered, not a 404.
app.get('/favicon.ico', (_req, res) => {
  res.sendFile(fileURLToPath(new URL('./favicon.ico', import.meta.url)), { maxAge: '1d' });
});
// Works with or without a body parser in front of it.
app.use(express.json({ limit: '1mb' }));
app.use('/api/agent', toNodeHandler(server));
// Answers express.json()'s own failures (bad JSON 400, too large 413) as the kit's JSON errors
// instead of Express's HTML error page.
app.use(agentErrorHandler());

const port = Number(process.env.PORT ?? 3030);
const listener = app.listen(port, '127.0.0.1', () => {
  console.log(`express example: POST http://127.0.0.1:${port}/api/agent/assistant`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => listener.close(() => process.exit(0)));
}
