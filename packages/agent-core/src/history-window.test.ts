// The window of a server-owned history the browser keeps (history-window.ts), against the real server.
import { describe, expect, it } from 'vitest';
import { memoryStore } from '@x/agent-server/store';
import { testServer } from './test-utils/test-server.js';
import { AgentChatController } from './controller.js';

const COUNT = 250; // five pages of 50

/** A server whose conversation `c` has COUNT messages (user/assistant alternating); their ids in order. */
async function seeded(chunkDelayMs = 0) {
  const store = memoryStore();
  const ids = Array.from({ length: COUNT }, (_, i) => `m${i + 1}`);
  const base = { userId: 'anonymous', conversationId: 'c', agentId: 'a' };
  await store.beginTurn({
    ...base,
    expectedVersion: null,
    messages: ids.map((id, i) => ({ id, role: i % 2 === 0 ? ('user' as const) : ('assistant' as const), parts: [{ type: 'text' as const, text: id }] })),
    run: { id: 'r0' },
    now: new Date(),
  });
  await store.finishTurn({ ...base, runId: 'r0', status: 'completed', steps: 0, now: new Date() });
  const { fetch } = testServer({ a: { script: { steps: [[{ type: 'text', text: 'a reply of a few words' }]], chunkDelayMs } } }, {}, { store, authenticate: () => ({ id: 'anonymous' }) });
  const controller = new AgentChatController({ agentId: 'a', fetch, conversationId: 'c', throttle: false });
  const session = controller.open();
  const detach = controller.attach(session);
  await expect.poll(() => session.store.getSnapshot().historyStatus).toBe('ready');
  const shown = () => session.chat.messages.map((m) => m.id);
  return { controller, session, detach, ids, shown, chat: controller.handle };
}

describe('releaseOlder: the browser keeps the pages near the newest one', () => {
  it('drops the pages read far back, and scrolling up fetches them again, without a gap', async () => {
    const { chat, session, detach, ids, shown } = await seeded();
    expect(shown()).toEqual(ids.slice(-50));
    for (let page = 2; page <= 5; page++) {
      expect(await chat.loadOlder()).toBe(true);
      expect(shown()).toEqual(ids.slice(-50 * page));
    }
    expect(session.store.getSnapshot().hasOlder).toBe(false);

    // Back at the bottom: the newest page and its neighbour stay, the three pages before go.
    expect(chat.releaseOlder()).toBe(150);
    expect(shown()).toEqual(ids.slice(-100));
    expect(session.store.getSnapshot().hasOlder).toBe(true);
    expect(session.store.getSnapshot().messages.map((m) => m.id)).toEqual(ids.slice(-100));
    expect(chat.releaseOlder()).toBe(0);

    // Scrolling up again: the same pages, in order, up to the start.
    for (let page = 3; page <= 5; page++) {
      expect(await chat.loadOlder()).toBe(true);
      expect(shown()).toEqual(ids.slice(-50 * page));
    }
    expect(await chat.loadOlder()).toBe(false);
    // Keep none: only the newest page stays.
    expect(chat.releaseOlder(0)).toBe(200);
    expect(shown()).toEqual(ids.slice(-50));
    expect(await chat.loadOlder()).toBe(true);
    expect(shown()).toEqual(ids.slice(-100));
    detach('unmount');
  });

  it('keeps what was said since the conversation opened, after the newest page', async () => {
    const { chat, controller, detach, ids, shown } = await seeded();
    await chat.loadOlder();
    await chat.loadOlder();
    const result = await controller.handle.sendMessage({ text: 'one more' });
    if (result.sent) await result.done;
    const added = shown().slice(-2);
    expect(chat.releaseOlder()).toBe(50);
    expect(shown()).toEqual([...ids.slice(-100), ...added]);
    detach('unmount');
  });

  it('a page that arrives after a release is not put in front (it would leave a gap)', async () => {
    const { chat, detach, ids, shown } = await seeded();
    await chat.loadOlder();
    await chat.loadOlder();
    const late = chat.loadOlder(); // the page before m51, in flight
    expect(chat.releaseOlder()).toBe(50);
    expect(await late).toBe(false);
    expect(shown()).toEqual(ids.slice(-100));
    expect(await chat.loadOlder()).toBe(true);
    expect(shown()).toEqual(ids.slice(-150));
    detach('unmount');
  });

  it('drops nothing while a reply streams', async () => {
    const { chat, controller, session, detach } = await seeded(30);
    await chat.loadOlder();
    await chat.loadOlder();
    const result = await controller.handle.sendMessage({ text: 'one more' });
    await expect.poll(() => session.chat.status).toBe('streaming');
    expect(chat.releaseOlder()).toBe(0);
    if (result.sent) await result.done;
    expect(chat.releaseOlder()).toBe(50);
    detach('unmount');
  });

  it('drops nothing when the browser owns the history', async () => {
    const { fetch } = testServer({ a: { script: { steps: [[{ type: 'text', text: 'ok' }]], chunkDelayMs: 0 } } });
    const controller = new AgentChatController({ agentId: 'a', fetch, throttle: false });
    const session = controller.open();
    const detach = controller.attach(session);
    const result = await controller.handle.sendMessage({ text: 'hi' });
    if (result.sent) await result.done;
    expect(controller.handle.releaseOlder(0)).toBe(0);
    expect(session.chat.messages).toHaveLength(2);
    detach('unmount');
  });
});
