// The core driven without React: a controller, its sessions and the store, against the real server.
import { UPDATE_PAGE_STATE_TOOL, type AgentUIMessage } from '@x/agent-protocol';
import { describe, expect, it } from 'vitest';
import { testServer, textOf } from './test-utils/test-server.js';
import { AgentChatController } from './controller.js';
import type { AgentEventMap } from './events.js';

const server = testServer(
  {
    talker: { script: { steps: [[{ type: 'text', text: 'Hello from the core.' }]], chunkDelayMs: 0 } },
    // update-page-state is the browser tool the server offers for a non-empty sharedState.
    browser: {
      script: {
        steps: ({ stepInTurn }) =>
          stepInTurn === 0 ? [{ type: 'tool-call', toolName: UPDATE_PAGE_STATE_TOOL, input: { updates: { color: 'blue' } } }] : [{ type: 'text', text: 'Blue it is.' }],
        chunkDelayMs: 0,
      },
    },
  },
);

describe('AgentChatController (no React)', () => {
  it('sends, streams into the store and fires events once, with throttling off', async () => {
    const controller = new AgentChatController({ agentId: 'talker', fetch: server.fetch, throttle: false });
    const completed: AgentEventMap['onMessageComplete'][] = [];
    const users: string[] = [];
    controller.events.subscribe(() => ({ onMessageComplete: (e) => completed.push(e), onUserMessage: (e) => users.push(e.message.id) }));
    const session = controller.open();
    const detach = controller.attach(session);
    let publishes = 0;
    const unsubscribe = session.store.subscribe(() => publishes++);

    const result = await session.handle.sendMessage({ text: 'hi' });
    expect(result.sent).toBe(true);
    if (result.sent) await result.done;

    const snapshot = session.store.getSnapshot();
    expect(snapshot.status).toBe('ready');
    expect(snapshot.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(textOf(snapshot.messages[1])).toBe('Hello from the core.');
    expect(publishes).toBeGreaterThan(0);
    expect(users).toHaveLength(1);
    expect(completed.map((e) => e.message.id)).toEqual([snapshot.messages[1]!.id]);
    unsubscribe();
    detach('unmount');
  });

  it('answers a browser tool through onToolCall and continues by itself', async () => {
    const inputs: unknown[] = [];
    const controller = new AgentChatController({
      agentId: 'browser',
      fetch: server.fetch,
      throttle: false,
      sharedState: { color: 'red' },
      onToolCall: ({ toolCall }) => {
        inputs.push(toolCall.input);
        return { ok: true, written: ['color'] };
      },
    });
    const session = controller.open();
    const detach = controller.attach(session);
    const result = await session.handle.sendMessage({ text: 'pick one' });
    if (result.sent) await result.done;
    await expect.poll(() => textOf(session.store.getSnapshot().messages.at(-1))).toContain('Blue it is.');
    expect(inputs).toEqual([{ updates: { color: 'blue' } }]);
    detach('unmount');
  });

  it('keeps message objects that did not change (structural sharing) across publishes', async () => {
    const history: AgentUIMessage[] = [{ id: 'u0', role: 'user', parts: [{ type: 'text', text: 'earlier' }] }];
    const controller = new AgentChatController({ agentId: 'talker', fetch: server.fetch, throttle: false, messages: history });
    const session = controller.open();
    const detach = controller.attach(session);
    const unsubscribe = session.store.subscribe(() => {});
    const first = session.store.getSnapshot().messages[0];
    const result = await session.handle.sendMessage({ text: 'again' });
    if (result.sent) await result.done;
    expect(session.store.getSnapshot().messages[0]).toBe(first);
    unsubscribe();
    detach('unmount');
  });

  it('stops the reply of a detached session and reports why', async () => {
    const slow = testServer({ slow: { script: { steps: [[{ type: 'text', text: Array.from({ length: 300 }, (_, i) => `w${i}`).join(' ') }]], chunkDelayMs: 2 } } });
    const controller = new AgentChatController({ agentId: 'slow', fetch: slow.fetch });
    const stops: AgentEventMap['onStop'][] = [];
    controller.events.subscribe(() => ({ onStop: (e) => stops.push(e) }));
    const session = controller.open();
    const detach = controller.attach(session);
    const result = await session.handle.sendMessage({ text: 'go' });
    await expect.poll(() => session.chat.status).toBe('streaming');
    detach('conversation-switch');
    if (result.sent) await result.done;
    expect(stops.map((e) => e.reason)).toEqual(['conversation-switch']);
    expect(session.chat.status).toBe('ready');
  });
});
