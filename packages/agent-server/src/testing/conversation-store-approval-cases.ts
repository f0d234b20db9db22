import { expect, it } from 'vitest';
import type { ConversationStore, MessageInput } from '../store/types.js';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 2, 1, minute));
const ask = (id: string, value: string): MessageInput => ({ id, role: 'user', parts: [{ type: 'text', text: value }] });

/** An assistant reply with a `deleteFile` tool call in `state` (with its approval once one was asked). */
function toolReply(id: string, state: 'approval-requested' | 'output-available'): MessageInput {
  const call = { type: 'tool-deleteFile' as const, toolCallId: `${id}-call`, input: { path: '/tmp/x' } };
  const approval = { id: `${id}-approval` };
  const part =
    state === 'approval-requested'
      ? { ...call, state, approval }
      : { ...call, state, approval: { ...approval, approved: true as const }, output: { deleted: true } };
  return { id, role: 'assistant', parts: [{ type: 'text', text: 'Deleting it.' }, part] };
}

/**
 * `awaitingApproval` of the conformance suite: derived from the stored messages (the active path's
 * newest message asks for an approval), so every read — list, get, rename — and every tab agrees.
 */
export function describeApprovalCases(getStore: () => ConversationStore, unique: (prefix: string) => string): void {
  it('awaitingApproval: set while the active path ends in an approval request, cleared by the answer or a new message', async () => {
    const store = getStore();
    const user = unique('u');
    const [waiting, plain] = [unique('c'), unique('c')];
    const base = (id: string) => ({ userId: user, conversationId: id, agentId: 'assistant' });
    await store.beginTurn({ ...base(plain), expectedVersion: null, messages: [ask('p1', 'Hi')], run: { id: `${plain}-r1` }, now: at(1) });
    await store.finishTurn({ ...base(plain), runId: `${plain}-r1`, reply: { id: 'p2', role: 'assistant', parts: [{ type: 'text', text: 'Hello' }] }, status: 'completed', steps: 1, now: at(1) });
    await store.beginTurn({ ...base(waiting), expectedVersion: null, messages: [ask('w1', 'Delete /tmp/x')], run: { id: `${waiting}-r1` }, now: at(2) });
    expect((await store.listConversations(user, { limit: 10 })).map((c) => [c.id, c.awaitingApproval])).toEqual([
      [waiting, false],
      [plain, false],
    ]);
    await store.finishTurn({ ...base(waiting), runId: `${waiting}-r1`, reply: toolReply('w2', 'approval-requested'), status: 'completed', steps: 1, now: at(2) });

    // Every read says so: the list, one conversation, a rename's answer.
    expect((await store.listConversations(user, { limit: 10 })).map((c) => [c.id, c.awaitingApproval])).toEqual([
      [waiting, true],
      [plain, false],
    ]);
    expect(await store.getConversation(user, waiting)).toMatchObject({ awaitingApproval: true, activeRunId: null });
    expect(await store.renameConversation(user, waiting, 'Cleanup')).toMatchObject({ awaitingApproval: true });
    expect(await store.getConversation(unique('other'), waiting)).toBeNull();

    // The answer continues the same message: nothing waits while it runs (the stored message is
    // replaced when the turn ends), nor after.
    let version = (await store.getConversation(user, waiting))!.version;
    const running = await store.beginTurn({ ...base(waiting), expectedVersion: version, messages: [], run: { id: `${waiting}-r2` }, now: at(3) });
    expect(running).toMatchObject({ awaitingApproval: false });
    expect((await store.listConversations(user, { limit: 10 }))[0]).toMatchObject({ id: waiting, awaitingApproval: false });
    expect(await store.getConversation(user, waiting)).toMatchObject({ awaitingApproval: false });
    await store.finishTurn({ ...base(waiting), runId: `${waiting}-r2`, reply: toolReply('w2', 'output-available'), status: 'completed', steps: 1, now: at(3) });
    expect((await store.listConversations(user, { limit: 10 }))[0]).toMatchObject({ id: waiting, awaitingApproval: false });

    // A new request, left unanswered by a new user message (the approval is no longer on the active path's end).
    version = (await store.getConversation(user, waiting))!.version;
    await store.beginTurn({ ...base(waiting), expectedVersion: version, messages: [ask('w3', 'Also /tmp/y')], run: { id: `${waiting}-r3` }, now: at(4) });
    await store.finishTurn({ ...base(waiting), runId: `${waiting}-r3`, reply: toolReply('w4', 'approval-requested'), status: 'completed', steps: 1, now: at(4) });
    expect(await store.getConversation(user, waiting)).toMatchObject({ awaitingApproval: true });
    version = (await store.getConversation(user, waiting))!.version;
    await store.beginTurn({ ...base(waiting), expectedVersion: version, messages: [ask('w5', 'Never mind')], run: { id: `${waiting}-r4` }, now: at(5) });
    await store.finishTurn({ ...base(waiting), runId: `${waiting}-r4`, reply: { id: 'w6', role: 'assistant', parts: [{ type: 'text', text: 'OK' }] }, status: 'completed', steps: 1, now: at(5) });
    expect(await store.getConversation(user, waiting)).toMatchObject({ awaitingApproval: false });

    // Deleting the message that left it unanswered makes the request the end of the active path again.
    expect(await store.deleteMessage(user, waiting, 'w5')).toBe('ok');
    expect((await store.listConversations(user, { limit: 10 })).find((c) => c.id === waiting)).toMatchObject({ awaitingApproval: true });
  });
}
