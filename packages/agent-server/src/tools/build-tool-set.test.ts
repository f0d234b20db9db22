import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FILE_TOOL_NAMES, UPDATE_PAGE_STATE_TOOL } from '@x/agent-protocol';
import { createAgentServer } from '../server.js';
import { startMcpHttpServer, type TestMcpHttpServer } from '../test-utils/mcp-http-server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { recordingLogger } from '../test-utils/model-parts.js';
import { chatRequest, readChunks, userMessage } from '../test-utils/sse.js';

let mcp: TestMcpHttpServer | undefined;
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
});

describe('the tool set of a turn', () => {
  it('merges the sources in order: function tools → MCP → sub-agents → file-system → update-page-state', async () => {
    mcp = await startMcpHttpServer({ fromMcp: { reply: () => 'x' } });
    const model = mockModel(textParts('ok'));
    const server = createAgentServer({
      tools: { zeta: { description: 'Z', inputSchema: z.object({}), execute: () => 1 }, alpha: { description: 'A', inputSchema: z.object({}), execute: () => 2 } },
      agents: {
        main: {
          model,
          tools: ['zeta', 'alpha'],
          mcp: [{ url: mcp.url }],
          agents: ['helper'],
          fileSystem: { basePath: mkdtempSync(join(tmpdir(), 'agent-set-')) },
        },
        helper: { model: mockModel(textParts('h')) },
      },
      logger: recordingLogger(),
    });
    await readChunks(await server.fetch(chatRequest({ messages: [userMessage('x')], sharedState: { a: 1 } }, { path: '/api/agent/main' })));
    expect((model.doStreamCalls[0]!.tools ?? []).map((t) => t.name)).toEqual(['zeta', 'alpha', 'fromMcp', 'helper', ...FILE_TOOL_NAMES, UPDATE_PAGE_STATE_TOOL]);
  });

  it('offers no tools to an agent without any', async () => {
    const model = mockModel(textParts('ok'));
    const server = createAgentServer({ agents: { main: { model } }, logger: recordingLogger() });
    await readChunks(await server.fetch(chatRequest({ messages: [userMessage('x')] }, { path: '/api/agent/main' })));
    expect(model.doStreamCalls[0]!.tools ?? []).toEqual([]);
  });
});
