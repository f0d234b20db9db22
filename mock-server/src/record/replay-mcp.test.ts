import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createAgentServer, type AgentServerConfig } from '@x/agent-server';
import { afterEach, describe, expect, it } from 'vitest';
import { driveSession, transcriptOf } from './drive-session.js';
import type { Fixture, RecordedCall } from './fixture.js';
import { recordModel } from './record-model.js';
import { replayConfig } from './replay-mcp.js';
import { replayModel } from './replay-model.js';
import { startOpenAIChatFake, type OpenAIChatFake } from '../test-utils/openai-chat-fake.js';

const require = createRequire(import.meta.url);
const everythingServer = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
const silent = { warn: () => {}, error: () => {} };
const PROMPTS = ['Please echo hello from the recording'];

function mcpConfig(model: LanguageModelV4, command: string, source: Partial<{ namespace: string; confirm: boolean }> = {}): AgentServerConfig {
  return {
    agents: {
      assistant: {
        model,
        instructions: 'You pass messages to the echo server.',
        mcp: [{ type: 'stdio', name: 'everything', command, args: [everythingServer, 'stdio'], tools: ['echo'], ...source }],
      },
    },
    logger: silent,
  };
}

let fake: OpenAIChatFake | undefined;
afterEach(() => fake?.close());

/** Records a turn that calls a real MCP server (server-everything over stdio) through the real provider package. */
async function recordMcpSession(): Promise<{ fixture: Fixture; transcript: string[] }> {
  fake = await startOpenAIChatFake();
  const openai = createOpenAI({ apiKey: 'sk-test-mcp', baseURL: fake.baseURL });
  const calls: RecordedCall[] = [];
  const model = recordModel(openai.chat('gpt-4o-mini'), { onRecord: (call) => calls.push(call) });
  const transcript = transcriptOf(await driveSession(createAgentServer(mcpConfig(model, process.execPath)), 'assistant', PROMPTS));
  return { fixture: { version: 1, calls }, transcript };
}

describe('replaying a session whose tools came from an MCP server', () => {
  it('needs no MCP server: the source is replaced by an in-process one answering from the recording', async () => {
    const { fixture, transcript } = await recordMcpSession();
    // The recording really went through the MCP server.
    expect(transcript).toContain('assistant dynamic-tool:echo output-available {"message":"hello from the recording"} → {"content":[{"text":"Echo: hello from the recording","type":"text"}],"isError":false}');
    expect(transcript.at(-1)).toBe('assistant: The echo server said: [{"type":"text","text":"Echo: hello from the recording"}]');

    // The replay's MCP command does not exist: only the recording can answer.
    const model = replayModel(fixture, { source: 'mcp-session' });
    const config = replayConfig(fixture, mcpConfig(model, '/nonexistent/mcp-server'), { source: 'mcp-session' });
    expect(config.agents.assistant!.mcp![0]).toMatchObject({ type: 'custom', name: 'everything', tools: ['echo'] });
    const replayed = transcriptOf(await driveSession(createAgentServer(config), 'assistant', PROMPTS));
    expect(replayed).toEqual(transcript);
    expect(model.mismatches).toEqual([]);
    expect(model.remaining).toBe(0);
  });

  it('keeps a namespaced source’s tool names and its approval', async () => {
    fake = await startOpenAIChatFake();
    const openai = createOpenAI({ apiKey: 'sk-test-mcp', baseURL: fake.baseURL });
    const calls: RecordedCall[] = [];
    const model = recordModel(openai.chat('gpt-4o-mini'), { onRecord: (call) => calls.push(call) });
    // Namespaced, the model is offered `mcp__everything__echo`, which the fake does not call: the tool list is what is compared.
    await driveSession(createAgentServer(mcpConfig(model, process.execPath, { namespace: 'everything', confirm: true })), 'assistant', PROMPTS);
    const fixture: Fixture = { version: 1, calls };
    expect(fixture.calls[0]!.tools).toEqual(['mcp__everything__echo']);
    const replay = replayModel(fixture);
    const config = replayConfig(fixture, mcpConfig(replay, '/nonexistent/mcp-server', { namespace: 'everything', confirm: true }));
    expect(config.agents.assistant!.mcp![0]).toMatchObject({ type: 'custom', namespace: 'everything', confirm: true });
    await driveSession(createAgentServer(config), 'assistant', PROMPTS);
    expect(replay.mismatches).toEqual([]);
    expect(replay.remaining).toBe(0);
  });
});
