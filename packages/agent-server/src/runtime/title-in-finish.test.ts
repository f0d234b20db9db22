import { describe, expect, it } from 'vitest';
import { CHAT_TITLE_PART } from '@x/agent-protocol';
import type { FinishHookEvent } from '../config/hook-types.js';
import { createAgentServer } from '../server.js';
import { MockLanguageModelV4 } from 'ai/test';
import { mockModel, textParts, usage } from '../test-utils/mock-model.js';
import { chatRequest, readChunks, userMessage } from '../test-utils/sse.js';

describe('onFinish sees the generated title in the reply', () => {
  it('puts the data-chat-title part into responseMessage and the last of messages', async () => {
    const finished: FinishHookEvent[] = [];
    const server = createAgentServer({
      hooks: { save: (event) => void (event.hook === 'onFinish' && finished.push(event)) },
      agents: {
        a: {
          model: mockModel(textParts('Sure, here is the plan.')),
          generateTitle: {
            model: new MockLanguageModelV4({
              doGenerate: async () => ({ content: [{ type: 'text', text: 'Weekend in Lisbon' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }),
            }),
          },
          hooks: { onFinish: ['save'] },
        },
      },
      logger: { warn: () => {}, error: () => {} },
    });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('Plan a trip')] }, { path: '/api/agent/a' })));
    expect(chunks.some((c) => c.type === CHAT_TITLE_PART)).toBe(true);
    const event = finished[0]!;
    const title = { type: CHAT_TITLE_PART, id: 'chat-title', data: { title: 'Weekend in Lisbon' } };
    expect(event.responseMessage.parts).toContainEqual(title);
    expect(event.messages.at(-1)).toEqual(event.responseMessage);
    expect(event.messages).toHaveLength(2);
  });
});
