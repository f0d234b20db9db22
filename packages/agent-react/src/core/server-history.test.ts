// Server-owned history (issue 11, DESIGN §7) driven through the core, against the real server.
import { describe, expect, it } from 'vitest';
import { testServer } from '../test-utils/test-server.js';
import { AgentChatController } from './controller.js';

const reply = { script: { steps: [[{ type: 'text' as const, text: 'ok' }]], chunkDelayMs: 0 } };

async function turn(controller: AgentChatController, text: string) {
  const result = await controller.handle.sendMessage({ text });
  if (result.sent) await result.done;
  expect(result.sent).toBe(true);
}

describe('history without a store (the server answers 404 not_found)', () => {
  it("'auto' falls back to client history: every request carries the whole transcript", async () => {
    const { fetch, requests, urls } = testServer({ a: reply });
    const controller = new AgentChatController({ agentId: 'a', fetch, conversationId: 'c1', throttle: false });
    const session = controller.open();
    expect(session.store.getSnapshot().historyStatus).toBe('loading');
    const detach = controller.attach(session);
    await expect.poll(() => session.store.getSnapshot().historyStatus).toBe('ready');
    expect(urls[0]).toBe('/api/agent/conversations/c1');
    expect(session.historyOwner).toBe('client');
    await turn(controller, 'one');
    await turn(controller, 'two');
    expect(requests.at(-1)!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(session.store.getSnapshot().hasOlder).toBe(false);
    detach('unmount');
  });

  it("'client' never asks the server for history", async () => {
    const { fetch, urls } = testServer({ a: reply });
    const controller = new AgentChatController({ agentId: 'a', fetch, conversationId: 'c1', history: 'client', throttle: false });
    const session = controller.open();
    expect(session.store.getSnapshot().historyStatus).toBe('ready');
    const detach = controller.attach(session);
    await turn(controller, 'one');
    expect(urls).toEqual(['/api/agent/a']);
    detach('unmount');
  });

  it("'server' reports a server without a store as an error", async () => {
    const { fetch } = testServer({ a: reply });
    const controller = new AgentChatController({ agentId: 'a', fetch, conversationId: 'c1', history: 'server', throttle: false });
    const session = controller.open();
    const detach = controller.attach(session);
    await expect.poll(() => session.store.getSnapshot().historyStatus).toBe('ready');
    expect(session.store.getSnapshot().status).toBe('error');
    expect(session.store.getSnapshot().error).toBeInstanceOf(Error);
    detach('unmount');
  });

  it('keeps feedback locally when the browser owns the history', async () => {
    const { fetch } = testServer({ a: reply });
    const controller = new AgentChatController({ agentId: 'a', fetch, throttle: false });
    const session = controller.open();
    const detach = controller.attach(session);
    await turn(controller, 'one');
    const replyId = session.chat.messages[1]!.id;
    expect(await controller.handle.setFeedback(replyId, 'like')).toBe(true);
    expect(session.chat.messages[1]!.metadata).toMatchObject({ feedback: { value: 'like' } });
    expect(await controller.handle.setFeedback(replyId, null)).toBe(true);
    expect(session.chat.messages[1]!.metadata).not.toHaveProperty('feedback');
    detach('unmount');
  });
});
