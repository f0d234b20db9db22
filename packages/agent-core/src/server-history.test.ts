// Server-owned history (issue 11, ARCHITECTURE §7) driven through the core, against the real server.
import { describe, expect, it } from 'vitest';
import { memoryStore } from '@x/agent-server/store';
import { testServer } from './test-utils/test-server.js';
import { ConversationsStore } from './conversations/store.js';
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

describe('history owned by a server with a store (memoryStore)', () => {
  const setup = () => testServer({ a: reply }, {}, { store: memoryStore() });
  const open = (fetch: typeof globalThis.fetch, conversationId: string) => {
    const controller = new AgentChatController({ agentId: 'a', fetch, conversationId, throttle: false });
    const session = controller.open();
    const detach = controller.attach(session);
    return { controller, session, detach };
  };
  const ready = (session: ReturnType<typeof open>['session']) => expect.poll(() => session.store.getSnapshot().historyStatus).toBe('ready');

  it('starts a new conversation (404 conversation_not_found), sends only what is new, and loads it back', async () => {
    const { fetch, requests } = setup();
    const first = open(fetch, 'c-new');
    await ready(first.session);
    expect(first.session.historyOwner).toBe('server');
    expect(first.session.store.getSnapshot().messages).toEqual([]);
    await turn(first.controller, 'one');
    await turn(first.controller, 'two');
    expect(requests.map((r) => r.messages.length)).toEqual([1, 1]);
    expect(requests.map((r) => r.messages[0]!.role)).toEqual(['user', 'user']);
    first.detach('unmount');

    const second = open(fetch, 'c-new');
    expect(second.session.store.getSnapshot().historyStatus).toBe('loading');
    await ready(second.session);
    const loaded = second.session.store.getSnapshot().messages;
    expect(loaded.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(loaded.map((m) => m.id)).toEqual(first.session.chat.messages.map((m) => m.id));
    await turn(second.controller, 'three');
    expect(requests.at(-1)!.messages).toHaveLength(1);
    expect(second.session.chat.messages).toHaveLength(6);
    second.detach('unmount');
  });

  it('a conversation the page just created (ConversationsStore) is not asked for: no request, no 404; after its first send it loads like any other', async () => {
    const { fetch, requests, urls } = setup();
    const list = new ConversationsStore({ fetch });
    const id = list.create();
    const first = open(fetch, id);
    await ready(first.session);
    expect(urls.filter((u) => u.includes('/conversations/'))).toEqual([]);
    expect(first.session.historyOwner).toBe('server');
    await turn(first.controller, 'one');
    expect(requests.map((r) => r.messages.length)).toEqual([1]);
    first.detach('unmount');

    const second = open(fetch, id);
    await ready(second.session);
    expect(urls.filter((u) => u.includes('/conversations/'))).toHaveLength(1);
    expect(second.session.store.getSnapshot().messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    second.detach('unmount');
  });

  it('deletes a message on the server, and rolls back with an error when the server refuses', async () => {
    const { fetch } = setup();
    const chat = open(fetch, 'c-del');
    await ready(chat.session);
    await turn(chat.controller, 'one');
    const [userMessage, replyMessage] = chat.session.chat.messages;
    expect(await chat.controller.handle.deleteMessage(replyMessage!.id)).toBe(true);
    expect(chat.session.chat.messages.map((m) => m.id)).toEqual([userMessage!.id]);

    // a message the server never stored: refused (404 message_not_found), put back where it was
    chat.controller.handle.setMessages((messages) => [{ id: 'local-only', role: 'user', parts: [{ type: 'text', text: 'x' }] }, ...messages]);
    expect(await chat.controller.handle.deleteMessage('local-only')).toBe(false);
    expect(chat.session.chat.messages.map((m) => m.id)).toEqual(['local-only', userMessage!.id]);
    expect(chat.session.store.getSnapshot().error).toBeInstanceOf(Error);
    chat.detach('unmount');

    const again = open(fetch, 'c-del');
    await ready(again.session);
    expect(again.session.chat.messages.map((m) => m.id)).toEqual([userMessage!.id]);
    again.detach('unmount');
  });

  it('saves feedback on the server (metadata.feedback) and removes it with null', async () => {
    const { fetch } = setup();
    const chat = open(fetch, 'c-fb');
    await ready(chat.session);
    await turn(chat.controller, 'one');
    const replyId = chat.session.chat.messages[1]!.id;
    expect(await chat.controller.handle.setFeedback(replyId, 'dislike')).toBe(true);
    expect(chat.session.chat.messages[1]!.metadata).toMatchObject({ feedback: { value: 'dislike' } });
    // The optional reason is stored with it (through the feedback route's `comment`).
    expect(await chat.controller.handle.setFeedback(replyId, 'dislike', '  Too long  ')).toBe(true);
    expect(chat.session.chat.messages[1]!.metadata).toMatchObject({ feedback: { value: 'dislike', comment: 'Too long' } });

    const reloaded = open(fetch, 'c-fb');
    await ready(reloaded.session);
    expect(reloaded.session.chat.messages[1]!.metadata).toMatchObject({ feedback: { value: 'dislike', comment: 'Too long' } });
    expect(await reloaded.controller.handle.setFeedback(replyId, null)).toBe(true);
    reloaded.detach('unmount');

    const cleared = open(fetch, 'c-fb');
    await ready(cleared.session);
    expect(cleared.session.chat.messages[1]!.metadata ?? {}).not.toHaveProperty('feedback');
    expect(await cleared.controller.handle.setFeedback('no-such-message', 'like')).toBe(false);
    cleared.detach('unmount');
    chat.detach('unmount');
  });

  it('pages back through a long thread with loadOlder while hasOlder', async () => {
    const { fetch } = setup();
    const writer = open(fetch, 'c-long');
    await ready(writer.session);
    for (let i = 0; i < 27; i++) await turn(writer.controller, `m${i}`);
    writer.detach('unmount');
    const all = writer.session.chat.messages.map((m) => m.id);
    expect(all).toHaveLength(54);

    const reader = open(fetch, 'c-long');
    await ready(reader.session);
    expect(reader.session.store.getSnapshot().hasOlder).toBe(true);
    expect(reader.session.chat.messages.length).toBeLessThan(54);
    expect(await reader.controller.handle.loadOlder()).toBe(true);
    expect(reader.session.chat.messages.map((m) => m.id)).toEqual(all);
    expect(reader.session.store.getSnapshot().hasOlder).toBe(false);
    expect(await reader.controller.handle.loadOlder()).toBe(false);
    reader.detach('unmount');
  });
});
