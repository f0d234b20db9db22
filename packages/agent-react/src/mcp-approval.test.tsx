import { createRequire } from 'node:module';
import path from 'node:path';
import { act, renderHook, waitFor } from '@testing-library/react';
import { seenToolOutput } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { testServer, textOf } from './test-utils/test-server.js';
import { useAgentChat } from './use-agent-chat.js';
import { useAgentEvents } from './use-agent-events.js';
import { useToolApproval } from './use-tool-approval.js';

// A real MCP server process (@modelcontextprotocol/server-everything over stdio, as the server
// package's own tests use it); its tools reach the chat as dynamic tools that need approval.
const requireFromServer = createRequire(path.resolve(import.meta.dirname, '../../agent-server/package.json'));
const everythingServer = path.join(path.dirname(requireFromServer.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');

describe('useToolApproval with MCP (dynamic) tools', () => {
  it('lists the MCP call as dynamic, and runs it once approved', async () => {
    const { fetch, requests } = testServer({
      mcp: {
        script: {
          steps: ({ stepInTurn, toolResults }) => {
            if (stepInTurn === 0) return [{ type: 'tool-call', toolName: 'echo', input: { message: 'hello mcp' } }];
            const seen = seenToolOutput(toolResults.at(-1)?.output);
            return [{ type: 'text', text: `MCP said ${JSON.stringify(seen)}` }];
          },
          chunkDelayMs: 0,
        },
        config: { mcp: [{ type: 'stdio', command: process.execPath, args: [everythingServer, 'stdio'], tools: ['echo'], confirm: true }] },
      },
    });
    const results: { dynamic: boolean; toolName: string }[] = [];
    const { result } = renderHook(() => {
      const chat = useAgentChat({ agentId: 'mcp', fetch });
      useAgentEvents(chat, { onToolResult: (e) => results.push(e) });
      return { chat, approval: useToolApproval(chat) };
    });
    await act(() => result.current.chat.sendMessage({ text: 'echo please' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(result.current.approval.pending).toHaveLength(1), { timeout: 15_000 });
    expect(result.current.approval.pending[0]).toMatchObject({ toolName: 'echo', dynamic: true, input: { message: 'hello mcp' } });
    await act(() => result.current.approval.approve(result.current.approval.pending[0]!.approvalId));
    await waitFor(() => expect(textOf(result.current.chat.messages.at(-1))).toContain('Echo: hello mcp'), { timeout: 15_000 });
    await waitFor(() => expect(result.current.chat.status).toBe('ready'));
    expect(requests).toHaveLength(2);
    expect(results).toEqual([expect.objectContaining({ toolName: 'echo', dynamic: true, errored: false })]);
  }, 30_000);
});
