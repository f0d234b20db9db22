// The framework-free core with no React at all (Node, no DOM): a chat driven through
// `@x/agent-core` against the real @x/agent-server over HTTP on loopback, with a scripted model.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAgentServer } from '@x/agent-server';
import { toNodeHandler } from '@x/agent-server/node';
import { scriptedModel } from '@x/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentChat } from './index.js';

let http: Server;
let api: string;
const cities: string[] = [];

beforeAll(async () => {
  const server = createAgentServer({
    agents: {
      weather: {
        model: scriptedModel({
          steps: ({ stepInTurn }) =>
            stepInTurn === 0 ? [{ type: 'tool-call', toolName: 'getWeather', input: { city: 'Paris' } }] : [{ type: 'text', text: 'Sunny in Paris.' }],
          chunkDelayMs: 0,
        }),
        tools: ['getWeather'],
      },
    },
    tools: {
      getWeather: {
        description: 'The weather in a city',
        inputSchema: z.object({ city: z.string() }),
        execute: async ({ city }: { city: string }) => {
          cities.push(city);
          return { city, sky: 'sunny' };
        },
      },
    },
    logger: { warn: () => {}, error: () => {} },
  });
  http = createServer(toNodeHandler(server));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/agent`;
});

afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

describe('@x/agent-core without React', () => {
  it('sends, streams a server tool call and the reply, and publishes each state', async () => {
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    const finished: string[] = [];
    const client = createAgentChat({ agentId: 'weather', api });
    const offEvents = client.chat.events.subscribe(() => ({ onMessageComplete: ({ message }) => finished.push(message.id) }));
    const statuses: string[] = [];
    const unsubscribe = client.subscribe(() => statuses.push(client.getSnapshot().status));

    const result = await client.chat.sendMessage({ text: 'Weather in Paris?' });
    expect(result.sent).toBe(true);
    if (result.sent) await result.done;

    const { messages, status, error } = client.getSnapshot();
    expect(error).toBeUndefined();
    expect(status).toBe('ready');
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const reply = messages[1]!;
    const tool = reply.parts.find((p) => p.type === 'tool-getWeather');
    expect(tool).toMatchObject({ state: 'output-available', input: { city: 'Paris' }, output: { city: 'Paris', sky: 'sunny' } });
    expect(reply.parts.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text).join('')).toBe('Sunny in Paris.');
    expect(cities).toEqual(['Paris']);
    expect(finished).toEqual([reply.id]);
    expect(statuses).toContain('streaming');
    expect(statuses.at(-1)).toBe('ready');
    expect(client.chat.messages).toBe(messages);

    unsubscribe();
    offEvents();
    client.dispose();
  });

  it('is the package entry @x/agent-core (pnpm build first)', async () => {
    const entry = await import('@x/agent-core');
    expect(Object.keys(entry).sort()).toEqual([
      'AgentChatController',
      'AgentChatTransport',
      'AgentCoreChat',
      'AgentRequestError',
      'ChatApiError',
      'ChatEngine',
      'ChunkParseError',
      'SnapshotStore',
      'UndoWindows',
      'createAgentChat',
      'createSharedStateStore',
      'isDisconnectError',
      'pendingApprovals',
      'requestErrorCode',
      'requestRoute',
      'resolveHeaders',
      'sanitizeHistory',
      'whenIdle',
    ]);
  });
});
