import { simulateReadableStream, type UIMessageChunk } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { COMPACTION_PART, isCompactionPart, type CompactionData } from '@x/agent-protocol';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import type { CompactionConfig } from '../config/types.js';
import { createAgentServer } from '../server.js';
import { memoryStore } from '../store/memory-store.js';
import { textParts, usage } from '../test-utils/mock-model.js';
import { recordingLogger } from '../test-utils/model-parts.js';
import { chatRequest, readChunks, textOf, userMessage } from '../test-utils/sse.js';
import { storeServer, turnRequest } from '../test-utils/store-server.js';
import { estimateTokens, keptFrom } from './compaction.js';

/** A model that answers every chat call with `answer` and summarizes with `summarize` (or fails). */
function scriptedModel(summarize: () => string) {
  return new MockLanguageModelV4({
    doStream: async () => ({ stream: simulateReadableStream({ chunks: textParts('OK.'), initialDelayInMs: null, chunkDelayInMs: null }) }),
    doGenerate: async () => ({ content: [{ type: 'text', text: summarize() }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }),
  });
}

const long = (word: string) => `${word} `.repeat(60).trim();
const history = [
  userMessage(long('alpha'), 'u1'),
  { id: 'a1', role: 'assistant' as const, parts: [{ type: 'text' as const, text: 'Noted alpha.' }] },
  userMessage(long('bravo'), 'u2'),
  { id: 'a2', role: 'assistant' as const, parts: [{ type: 'text' as const, text: 'Noted bravo.' }] },
  userMessage(long('charlie'), 'u3'),
];
const compaction: CompactionConfig = { maxInputTokens: 300, keepLastMessages: 1 };
const promptOf = (model: MockLanguageModelV4, call: number) => JSON.stringify(model.doStreamCalls[call]!.prompt);
const markersOf = (chunks: UIMessageChunk[]) =>
  chunks.filter((c) => c.type === COMPACTION_PART).map((c) => (c as unknown as { data: CompactionData }).data);

describe('context compaction', () => {
  it('summarizes older messages once and sends the summary instead of them', async () => {
    const model = scriptedModel(() => 'The user listed alpha and bravo.');
    const server = createAgentServer({ agents: { assistant: { model, compaction } }, logger: recordingLogger() });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: history })));
    expect(textOf(chunks)).toBe('OK.');
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(JSON.stringify(model.doGenerateCalls[0]!.prompt)).toContain('alpha alpha');
    const prompt = promptOf(model, 0);
    expect(prompt).toContain('The user listed alpha and bravo.');
    expect(prompt).not.toContain('alpha alpha');
    expect(prompt).toContain('charlie charlie');
    expect(prompt.length).toBeLessThan(JSON.stringify(history).length / 2);
    expect(markersOf(chunks)).toEqual([{ summary: 'The user listed alpha and bravo.', replacedMessages: 4, throughMessageId: 'a2' }]);
  });

  it('leaves a prompt under the budget alone', async () => {
    const model = scriptedModel(() => 'unused');
    const server = createAgentServer({ agents: { assistant: { model, compaction: { maxInputTokens: 10_000, keepLastMessages: 1 } } }, logger: recordingLogger() });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: history })));
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(promptOf(model, 0)).toContain('alpha alpha');
    expect(markersOf(chunks)).toEqual([]);
  });

  it('drops the oldest messages when the summary call fails, and the turn still succeeds', async () => {
    const model = scriptedModel(() => {
      throw new Error('summary model down');
    });
    const logger = recordingLogger();
    const server = createAgentServer({ agents: { assistant: { model, compaction, maxRetries: 0 } }, logger });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: history })));
    expect(textOf(chunks)).toBe('OK.');
    expect(chunks.some((c) => c.type === 'error')).toBe(false);
    expect(model.doGenerateCalls.length).toBeGreaterThan(0);
    const prompt = promptOf(model, 0);
    expect(prompt).not.toContain('alpha alpha');
    expect(prompt).toContain('charlie charlie');
    expect(markersOf(chunks)).toEqual([]);
    expect(logger.messages()).toContain('context compaction failed: the oldest messages were dropped instead');
  });

  it('stores the summary with the reply and reuses it on the next turn instead of summarizing again', async () => {
    const store = memoryStore();
    let summaries = 0;
    const model = scriptedModel(() => `Summary number ${++summaries}.`);
    const { server } = storeServer(store, model, { agents: { assistant: { model, compaction } } });
    for (const message of history.filter((m) => m.role === 'user')) {
      await readChunks(await server.fetch(turnRequest('c1', { messages: [message] })));
    }
    expect(model.doGenerateCalls).toHaveLength(1);
    const thread = (await store.loadThread('alice', 'c1'))!;
    const marker = thread.at(-1)!.parts.find((p) => isCompactionPart(p));
    expect(marker).toMatchObject({ data: { summary: 'Summary number 1.', throughMessageId: thread[3]!.id } });

    await readChunks(await server.fetch(turnRequest('c1', { messages: [userMessage('And delta?', 'u4')] })));
    expect(model.doGenerateCalls).toHaveLength(1);
    const prompt = promptOf(model, 3);
    expect(prompt).toContain('Summary number 1.');
    expect(prompt).not.toContain('alpha alpha');
    expect(prompt).toContain('charlie charlie');
    expect(prompt).toContain('And delta?');
  });

  it('compacts on the generate route too, and keeps the marker in the stored reply', async () => {
    const store = memoryStore();
    const model = scriptedModel(() => 'Alpha and bravo so far.');
    const { server } = storeServer(store, model, { agents: { assistant: { model, compaction } } });
    for (const message of history.filter((m) => m.role === 'user').slice(0, 2)) {
      await readChunks(await server.fetch(turnRequest('c1', { messages: [message] })));
    }
    const response = await server.fetch(
      new Request('http://localhost/api/agent/assistant/generate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ conversationId: 'c1', messages: [history[4]] }),
      }),
    );
    expect(await response.json()).toMatchObject({ status: 'completed', text: 'OK.' });
    expect(model.doGenerateCalls).toHaveLength(1);
    const reply = (await store.loadThread('alice', 'c1'))!.at(-1)!;
    expect(reply.parts.find((p) => isCompactionPart(p))).toMatchObject({ data: { summary: 'Alpha and bravo so far.' } });
  });

  it('refuses an invalid compaction config with paths', () => {
    const model = scriptedModel(() => '');
    const issues = (() => {
      try {
        createAgentServer({ agents: { assistant: { model, compaction: { maxInputTokens: 0, keepLastMessages: 'x', model: 42, extra: 1 } as never } }, logger: recordingLogger() });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).issues.map((i) => i.path);
      }
      throw new Error('expected a ConfigError');
    })();
    expect(issues).toEqual(
      expect.arrayContaining([
        'agents.assistant.compaction.maxInputTokens',
        'agents.assistant.compaction.keepLastMessages',
        'agents.assistant.compaction.model',
        'agents.assistant.compaction.extra',
      ]),
    );
  });
});

describe('compaction helpers', () => {
  it('estimates tokens as characters / 4 and never splits a tool result from its call', () => {
    expect(estimateTokens([{ role: 'user', content: 'x'.repeat(400) }])).toBeGreaterThanOrEqual(100);
    const messages = [
      { role: 'user' as const, content: 'a' },
      { role: 'assistant' as const, content: [{ type: 'tool-call' as const, toolCallId: 'c', toolName: 't', input: {} }] },
      { role: 'tool' as const, content: [{ type: 'tool-result' as const, toolCallId: 'c', toolName: 't', output: { type: 'text' as const, value: 'r' } }] },
    ];
    expect(keptFrom(messages, 1)).toBe(1);
    expect(keptFrom(messages, 3)).toBe(0);
  });
});
