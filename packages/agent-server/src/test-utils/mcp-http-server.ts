import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** A tool the test MCP server offers: it answers with `reply(args)` as text. */
export interface TestMcpTool {
  description?: string;
  reply: (args: Record<string, unknown>) => string;
}

/** A real MCP server (streamable HTTP, sessions) on 127.0.0.1, counting sessions opened and closed. */
export interface TestMcpHttpServer {
  url: string;
  sessionsOpened: number;
  sessionsClosed: number;
  calls: { tool: string; args: Record<string, unknown> }[];
  close(): Promise<void>;
}

/** Starts the server with `tools` (each takes `{ text?: string }` and any other keys). Stops itself after 60 s at the latest. */
export async function startMcpHttpServer(tools: Record<string, TestMcpTool>): Promise<TestMcpHttpServer> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const state: TestMcpHttpServer = {
    url: '',
    sessionsOpened: 0,
    sessionsClosed: 0,
    calls: [],
    close: async () => {},
  };
  const newSession = async () => {
    const mcp = new McpServer({ name: 'test-mcp', version: '1.0.0' });
    for (const [name, t] of Object.entries(tools)) {
      mcp.registerTool(
        name,
        { description: t.description ?? `The ${name} tool`, inputSchema: { text: z.string().optional() } },
        async (args: Record<string, unknown>) => {
          state.calls.push({ tool: name, args });
          return { content: [{ type: 'text' as const, text: t.reply(args) }] };
        },
      );
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        state.sessionsOpened++;
        transports.set(id, transport);
      },
      onsessionclosed: (id) => {
        state.sessionsClosed++;
        transports.delete(id);
      },
    });
    await mcp.connect(transport);
    return transport;
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const id = req.headers['mcp-session-id'];
      const existing = typeof id === 'string' ? transports.get(id) : undefined;
      const transport = existing ?? (req.method === 'POST' && !id ? await newSession() : undefined);
      if (!transport) {
        res.writeHead(id ? 404 : 400).end();
        return;
      }
      await transport.handleRequest(req, res);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const timer = setTimeout(() => void state.close(), 60_000);
  timer.unref();
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  state.close = () =>
    new Promise<void>((resolve) => {
      clearTimeout(timer);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
