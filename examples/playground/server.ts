// The playground's API server on node:http: the agent route (the real @x/agent-server) and the
// conversation routes. Run with Node >= 22.12 (`node server.ts`; types are stripped).
import { createServer } from 'node:http';
import { join } from 'node:path';
import { toNodeHandler, writeResponse, toWebRequest } from '@x/agent-server/node';
import { conversationRoutes } from './server/conversation-routes.ts';
import { ConversationStore } from './server/conversation-store.ts';
import { createPlaygroundAgentServer } from './server/playground-agent-server.ts';

const port = Number(process.env.PLAYGROUND_API_PORT ?? process.env.PORT ?? 8787);
// PLAYGROUND_DATA=memory keeps conversations in memory only (tests); default: a JSON file.
const dataFile = process.env.PLAYGROUND_DATA === 'memory' ? undefined : (process.env.PLAYGROUND_DATA ?? join(import.meta.dirname, '.data', 'conversations.json'));
const store = new ConversationStore(dataFile);
const { server: agents, label, prompts } = await createPlaygroundAgentServer(store);
const agentHandler = toNodeHandler(agents);

const http = createServer((req, res) => {
  if (req.url === '/api/scenarios' && req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ mode: label, prompts }));
    return;
  }
  if (req.url?.startsWith('/api/conversations')) {
    const controller = new AbortController();
    void conversationRoutes(toWebRequest(req, controller.signal), store).then((response) =>
      writeResponse(response ?? new Response(null, { status: 404 }), res),
    );
    return;
  }
  agentHandler(req, res);
});
http.listen(port, '127.0.0.1', () => {
  console.log(`playground API on http://127.0.0.1:${port}/api/agent/assistant — ${label}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    http.closeAllConnections();
    http.close(() => process.exit(0));
  });
}
