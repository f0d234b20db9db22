import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CHAT_TITLE_PART } from '@x/agent-protocol';
import { createAgentServer } from '../server.js';
import type { AgentConfig } from '../config/types.js';
import { mockModel, textParts, usage } from '../test-utils/mock-model.js';
import { chunksOf, recordingLogger } from '../test-utils/model-parts.js';
import { chatRequest, readChunks, userMessage } from '../test-utils/sse.js';

const silent = { warn: () => {}, error: () => {} };

async function send(agent: AgentConfig, body: Record<string, unknown>, init: { path?: string } = {}) {
  const server = createAgentServer({ agents: { assistant: agent }, logger: silent });
  return readChunks(await server.fetch(chatRequest(body, init)));
}

const assistantWithReasoning = (text: string, id: string) => ({
  id,
  role: 'assistant' as const,
  parts: [
    { type: 'reasoning' as const, text: `thinking about ${text}`, state: 'done' as const },
    { type: 'text' as const, text, state: 'done' as const },
  ],
});

describe('the turn: what the model is sent', () => {
  it('prunes the history with pruneMessages (reasoning)', async () => {
    const history = [userMessage('q1'), assistantWithReasoning('a1', 'm1'), userMessage('q2')];
    const plain = mockModel(textParts('ok'));
    await send({ model: plain }, { messages: history });
    expect(JSON.stringify(plain.doStreamCalls[0]!.prompt)).toContain('thinking about a1');

    const pruned = mockModel(textParts('ok'));
    await send({ model: pruned, prune: { reasoning: 'all' } }, { messages: history });
    const prompt = pruned.doStreamCalls[0]!.prompt;
    expect(JSON.stringify(prompt)).not.toContain('thinking about a1');
    expect(JSON.stringify(prompt)).toContain('a1');
  });

  it('prunes tool calls before the last message (toolCalls)', async () => {
    const toolTurn = {
      id: 'm1',
      role: 'assistant' as const,
      parts: [
        { type: 'tool-lookup' as const, toolCallId: 'c1', state: 'output-available' as const, input: { q: 'old' }, output: { found: 'old result' } },
        { type: 'text' as const, text: 'Found it.', state: 'done' as const },
      ],
    };
    const history = [userMessage('q1'), toolTurn, userMessage('q2')];
    const lookup = { description: 'Lookup', inputSchema: z.object({ q: z.string() }), execute: () => ({}) };
    const sendWithTool = async (agent: AgentConfig) => {
      const server = createAgentServer({ tools: { lookup }, agents: { assistant: { ...agent, tools: ['lookup'] } }, logger: silent });
      await readChunks(await server.fetch(chatRequest({ messages: history })));
    };
    const plain = mockModel(textParts('ok'));
    await sendWithTool({ model: plain });
    expect(JSON.stringify(plain.doStreamCalls[0]!.prompt)).toContain('old result');
    const pruned = mockModel(textParts('ok'));
    await sendWithTool({ model: pruned, prune: { toolCalls: 'before-last-message' } });
    expect(JSON.stringify(pruned.doStreamCalls[0]!.prompt)).not.toContain('old result');
    expect(JSON.stringify(pruned.doStreamCalls[0]!.prompt)).toContain('Found it.');
  });

  it('sends only the last maxContextMessages messages', async () => {
    const model = mockModel(textParts('ok'));
    const messages = [userMessage('one'), assistantWithReasoning('two', 'm2'), userMessage('three'), assistantWithReasoning('four', 'm4'), userMessage('five')];
    await send({ model, instructions: 'Be brief.', maxContextMessages: 2 }, { messages });
    const prompt = model.doStreamCalls[0]!.prompt;
    expect(prompt.map((m) => m.role)).toEqual(['system', 'assistant', 'user']);
    expect(JSON.stringify(prompt)).toContain('four');
    expect(JSON.stringify(prompt)).not.toContain('three');
  });

  it('prepends a <context> block with what is present when pageContext is on', async () => {
    const model = mockModel(textParts('ok'));
    const server = createAgentServer({
      agents: { assistant: { model, instructions: 'Help.', pageContext: true } },
      authenticate: () => ({ id: 'u-1' }),
      logger: silent,
    });
    await readChunks(
      await server.fetch(
        chatRequest({ messages: [userMessage('x')], pageId: 'orders', urlQuery: { id: '42' }, sharedState: { status: 'open' } }, { path: '/api/agent/assistant?conversationId=c-9' }),
      ),
    );
    expect(model.doStreamCalls[0]!.prompt[0]).toEqual({
      role: 'system',
      content: '<context>\npageId: orders\nuserId: u-1\nconversationId: c-9\nurlQuery: {"id":"42"}\nsharedState: {"status":"open"}\n</context>\n\nHelp.',
    });
  });

  it('leaves out absent or empty context entries, and the block without pageContext', async () => {
    const on = mockModel(textParts('ok'));
    await send({ model: on, instructions: 'Help.', pageContext: true }, { messages: [userMessage('x')], pageId: 'home', urlQuery: {}, sharedState: {} });
    expect(on.doStreamCalls[0]!.prompt[0]).toEqual({ role: 'system', content: '<context>\npageId: home\n</context>\n\nHelp.' });
    const off = mockModel(textParts('ok'));
    await send({ model: off, instructions: 'Help.' }, { messages: [userMessage('x')], pageId: 'home' });
    expect(off.doStreamCalls[0]!.prompt[0]).toEqual({ role: 'system', content: 'Help.' });
  });
});

function titleModel(title: string) {
  return new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text: title }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
  });
}

describe('the turn: generateTitle', () => {
  it('writes a data-chat-title part on the first turn, from a short title call beside the turn', async () => {
    const title = titleModel('"Refund status for order 42."');
    const model = mockModel(textParts('Let me check.'));
    const chunks = await send({ model, generateTitle: { model: title } }, { messages: [userMessage('Where is my refund for order 42?')] });
    expect(chunksOf(chunks, CHAT_TITLE_PART)).toEqual([{ type: CHAT_TITLE_PART, id: 'chat-title', data: { title: 'Refund status for order 42' } }]);
    expect(JSON.stringify(title.doGenerateCalls[0]!.prompt)).toContain('Where is my refund for order 42?');
    expect(chunks.findIndex((c) => c.type === CHAT_TITLE_PART)).toBeLessThan(chunks.findIndex((c) => c.type === 'finish'));
  });

  it('uses the agent’s own model for generateTitle: true', async () => {
    const model = new MockLanguageModelV4({
      doStream: mockModel(textParts('Answer.')).doStream,
      doGenerate: titleModel('Weekend in Lisbon').doGenerate,
    });
    const chunks = await send({ model, generateTitle: true }, { messages: [userMessage('Plan a weekend in Lisbon')] });
    expect(chunksOf(chunks, CHAT_TITLE_PART)).toEqual([{ type: CHAT_TITLE_PART, id: 'chat-title', data: { title: 'Weekend in Lisbon' } }]);
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('does not title later turns, nor agents without generateTitle', async () => {
    const title = titleModel('Nope');
    const later = await send(
      { model: mockModel(textParts('ok')), generateTitle: { model: title } },
      { messages: [userMessage('first'), { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'hi' }] }, userMessage('second')] },
    );
    expect(chunksOf(later, CHAT_TITLE_PART)).toEqual([]);
    expect(title.doGenerateCalls).toHaveLength(0);
    const none = await send({ model: mockModel(textParts('ok')) }, { messages: [userMessage('first')] });
    expect(chunksOf(none, CHAT_TITLE_PART)).toEqual([]);
  });

  it('logs a failed title call and the turn still answers', async () => {
    const logger = recordingLogger();
    const failing = new MockLanguageModelV4({ doGenerate: async () => Promise.reject(new Error('title model down')) });
    const server = createAgentServer({ agents: { assistant: { model: mockModel(textParts('fine')), generateTitle: { model: failing } } }, logger });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('hello')] })));
    expect(chunksOf(chunks, CHAT_TITLE_PART)).toEqual([]);
    expect(chunksOf(chunks, 'finish')).toHaveLength(1);
    expect(logger.records).toContainEqual({ level: 'warn', message: 'title generation failed', meta: expect.objectContaining({ agentId: 'assistant' }) });
  });
});
