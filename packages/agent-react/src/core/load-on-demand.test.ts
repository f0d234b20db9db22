// The chat's on-demand code (sending, Stop, tool answers, server history) when its chunk cannot be
// loaded: the action fails visibly and loses nothing, and the next action loads it again.
import { describe, expect, it, vi } from 'vitest';
import { testServer, textOf } from '../test-utils/test-server.js';
import { AgentChatController } from './controller.js';
import type * as onDemandLoader from './load-on-demand.js';
import { loadOnDemand } from './load-on-demand.js';

const failures = vi.hoisted(() => ({ next: 0 }));

vi.mock('./load-on-demand.js', async (importOriginal) => {
  const actual = await importOriginal<typeof onDemandLoader>();
  return {
    ...actual,
    // What a browser throws for a chunk that cannot be fetched (offline, removed by a deploy).
    loadOnDemand: () => {
      if (failures.next > 0) {
        failures.next--;
        return Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/on-demand.js'));
      }
      return actual.loadOnDemand();
    },
    callOnDemand: <T,>(act: (code: onDemandLoader.OnDemandCode) => T | PromiseLike<T>, unavailable: (error: unknown) => T | PromiseLike<T>) => {
      if (failures.next > 0) {
        failures.next--;
        return Promise.resolve().then(() => unavailable(new TypeError('Failed to fetch dynamically imported module: /assets/on-demand.js')));
      }
      return actual.callOnDemand(act, unavailable);
    },
  };
});

const server = testServer({ talker: { script: { steps: [[{ type: 'text', text: 'Hello once loaded.' }]], chunkDelayMs: 0 } } });

describe('the on-demand code of a chat', () => {
  it('loads once and is shared by every chat', async () => {
    expect(await loadOnDemand()).toBe(await loadOnDemand());
  });

  it('a send whose code cannot be loaded sends nothing, reports the error, and the next send works', async () => {
    const controller = new AgentChatController({ agentId: 'talker', fetch: server.fetch, throttle: false });
    const session = controller.open();
    const detach = controller.attach(session);
    const before = server.requests.length;

    failures.next = 1;
    const refused = await session.handle.sendMessage({ text: 'hi' });
    expect(refused).toMatchObject({ sent: false, reason: 'cancelled' });
    expect(session.store.getSnapshot().error?.message).toMatch(/dynamically imported module/);
    expect(session.store.getSnapshot().messages).toEqual([]);
    expect(server.requests.length).toBe(before);

    session.handle.clearError();
    const result = await session.handle.sendMessage({ text: 'hi' });
    expect(result.sent).toBe(true);
    if (result.sent) await result.done;
    const messages = session.store.getSnapshot().messages;
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(textOf(messages[1])).toBe('Hello once loaded.');
    detach('unmount');
  });

  it('a delete or a feedback whose code cannot be loaded changes nothing and reports the error', async () => {
    const controller = new AgentChatController({ agentId: 'talker', fetch: server.fetch, throttle: false });
    const session = controller.open();
    const detach = controller.attach(session);
    const sent = await session.handle.sendMessage({ text: 'hi' });
    if (sent.sent) await sent.done;
    const [user, reply] = session.store.getSnapshot().messages;

    failures.next = 1;
    expect(await session.handle.deleteMessage(user!.id)).toBe(false);
    expect(session.store.getSnapshot().messages.map((m) => m.id)).toEqual([user!.id, reply!.id]);
    expect(session.store.getSnapshot().error).toBeDefined();

    session.handle.clearError();
    failures.next = 1;
    await expect(session.handle.setFeedback(reply!.id, 'like')).rejects.toThrow(/dynamically imported module/);
    expect(session.store.getSnapshot().messages[1]!.metadata).not.toHaveProperty('feedback');

    session.handle.clearError();
    expect(await session.handle.setFeedback(reply!.id, 'like')).toBe(true);
    expect(session.store.getSnapshot().messages[1]!.metadata).toMatchObject({ feedback: { value: 'like' } });
    detach('unmount');
  });
});
