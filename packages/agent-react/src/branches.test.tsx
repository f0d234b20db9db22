// useAgentChat on a conversation tree (issue 22): edit and regenerate keep every version; switchBranch
// shows another one, persisted on the server. The hook over a real server with a store.
import { act, renderHook, waitFor } from '@testing-library/react';
import { memoryStore, type ConversationStore } from '@x/agent-server/store';
import { describe, expect, it } from 'vitest';
import { testServer, textOf } from './test-utils/test-server.js';
import { useAgentChat } from './use-agent-chat.js';

/** A server whose replies are numbered: "reply N to <the user's text>". */
function numberedServer(store: ConversationStore) {
  let n = 0;
  return testServer({ a: { script: { steps: ({ lastUserText }) => [{ type: 'text', text: `reply ${++n} to ${lastUserText}` }], chunkDelayMs: 0 } } }, {}, { store });
}

const texts = (messages: readonly { parts: readonly { type: string; text?: string }[] }[]) => messages.map((m) => textOf(m));

async function ready(fetch: typeof globalThis.fetch, conversationId: string) {
  const hook = renderHook(() => useAgentChat({ agentId: 'a', fetch, conversationId }));
  await waitFor(() => expect(hook.result.current.historyStatus).toBe('ready'));
  return hook;
}

describe('useAgentChat branches (server history)', () => {
  it('keeps every reply of a regenerate as a version, switches between them, and a reload shows the chosen one', async () => {
    const store = memoryStore();
    const { fetch } = numberedServer(store);
    const { result, unmount } = await ready(fetch, 'c1');
    await act(() => result.current.sendMessage({ text: 'question' }).then((r) => (r.sent ? r.done : undefined)));
    await act(() => result.current.regenerate());
    await act(() => result.current.regenerate());
    expect(texts(result.current.messages)).toEqual(['question', 'reply 3 to question']);
    const reply = result.current.messages[1]!.id;
    await waitFor(() => expect(result.current.branches(reply)).toEqual({ index: 2, count: 3 }));
    expect(result.current.branches(result.current.messages[0]!.id)).toBeUndefined();

    expect(await act(() => result.current.switchBranch(reply, 0))).toBe(true);
    expect(texts(result.current.messages)).toEqual(['question', 'reply 1 to question']);
    expect(result.current.branches(result.current.messages[1]!.id)).toEqual({ index: 0, count: 3 });
    expect(await act(() => result.current.switchBranch(reply, 7))).toBe(false);
    unmount();

    const reloaded = await ready(fetch, 'c1');
    expect(texts(reloaded.result.current.messages)).toEqual(['question', 'reply 1 to question']);
    expect(reloaded.result.current.branches(reloaded.result.current.messages[1]!.id)).toEqual({ index: 0, count: 3 });
  });

  it('an edit is a new version of the user message: the edited one and its reply stay', async () => {
    const store = memoryStore();
    const { fetch, requests } = numberedServer(store);
    const { result } = await ready(fetch, 'c2');
    await act(() => result.current.sendMessage({ text: 'first' }).then((r) => (r.sent ? r.done : undefined)));
    await act(() => result.current.sendMessage({ text: 'second' }).then((r) => (r.sent ? r.done : undefined)));
    const second = result.current.messages[2]!.id;
    await act(() => result.current.editMessage(second, 'second, edited').then((r) => (r.sent ? r.done : undefined)));
    expect(texts(result.current.messages)).toEqual(['first', 'reply 1 to first', 'second, edited', 'reply 3 to second, edited']);
    expect(requests.at(-1)).toMatchObject({ parentId: result.current.messages[1]!.id });
    const edited = result.current.messages[2]!;
    expect(edited.id).not.toBe(second);
    await waitFor(() => expect(result.current.branches(edited.id)).toEqual({ index: 1, count: 2 }));

    expect(await act(() => result.current.switchBranch(edited.id, 0))).toBe(true);
    expect(texts(result.current.messages)).toEqual(['first', 'reply 1 to first', 'second', 'reply 2 to second']);
  });

  it("an edit keeps the message's attachments (and a pasted text), unless the edit says which stay", async () => {
    const store = memoryStore();
    const { fetch, requests } = numberedServer(store);
    const { result } = await ready(fetch, 'c5');
    const photo = { type: 'file' as const, mediaType: 'image/png', filename: 'cat.png', url: 'data:image/png;base64,iVBORw0KGgo=' };
    const pasted = { type: 'file' as const, mediaType: 'text/plain', filename: 'Pasted text.txt', url: 'data:text/plain;charset=utf-8;base64,aGVsbG8=' };
    await act(() => result.current.sendMessage({ text: 'look', files: [photo, pasted] }).then((r) => (r.sent ? r.done : undefined)));
    const original = result.current.messages[0]!.id;
    const filesOf = (message: { parts: readonly { type: string }[] } | undefined) => message?.parts.filter((p) => p.type === 'file');

    await act(() => result.current.editMessage(original, 'look again').then((r) => (r.sent ? r.done : undefined)));
    expect(texts(result.current.messages)).toEqual(['look again', 'reply 2 to look again']);
    expect(filesOf(result.current.messages[0])).toMatchObject([photo, pasted]);
    // Sent with the edit, and stored with the new version on the server.
    expect(requests.at(-1)!.messages!.at(-1)!.parts?.filter((p) => p.type === 'file')).toMatchObject([photo, pasted]);
    const edited = result.current.messages[0]!.id;
    const reloaded = await ready(fetch, 'c5');
    expect(reloaded.result.current.messages[0]!.id).toBe(edited);
    expect(filesOf(reloaded.result.current.messages[0])).toMatchObject([photo, pasted]);
    reloaded.unmount();

    // The user took the photo off: only the pasted text stays.
    await act(() => result.current.editMessage(edited, 'just the text', { files: [pasted] }).then((r) => (r.sent ? r.done : undefined)));
    expect(filesOf(result.current.messages[0])).toMatchObject([pasted]);
    await act(() => result.current.editMessage(result.current.messages[0]!.id, 'nothing attached', { files: [] }).then((r) => (r.sent ? r.done : undefined)));
    expect(filesOf(result.current.messages[0])).toEqual([]);
    // Every version keeps what it had.
    await waitFor(() => expect(result.current.branches(result.current.messages[0]!.id)).toEqual({ index: 3, count: 4 }));
    expect(await act(() => result.current.switchBranch(result.current.messages[0]!.id, 0))).toBe(true);
    expect(filesOf(result.current.messages[0])).toMatchObject([photo, pasted]);
  });

  it('deleting a message removes it with what follows; deleting a version shows the newest one left', async () => {
    const store = memoryStore();
    const { fetch } = numberedServer(store);
    const { result } = await ready(fetch, 'c3');
    await act(() => result.current.sendMessage({ text: 'one' }).then((r) => (r.sent ? r.done : undefined)));
    await act(() => result.current.sendMessage({ text: 'two' }).then((r) => (r.sent ? r.done : undefined)));
    await act(() => result.current.regenerate());
    const reply = result.current.messages[3]!.id;
    await waitFor(() => expect(result.current.branches(reply)).toEqual({ index: 1, count: 2 }));
    expect(await act(() => result.current.deleteMessage(reply))).toBe(true);
    expect(texts(result.current.messages)).toEqual(['one', 'reply 1 to one', 'two', 'reply 2 to two']);
    expect(result.current.branches(result.current.messages[3]!.id)).toBeUndefined();

    expect(await act(() => result.current.deleteMessage(result.current.messages[1]!.id))).toBe(true);
    expect(texts(result.current.messages)).toEqual(['one']);
    const reloaded = await ready(fetch, 'c3');
    expect(texts(reloaded.result.current.messages)).toEqual(['one']);
  });

  it('a tab continues the branch it shows, also after another tab switched the conversation to another one', async () => {
    const store = memoryStore();
    const { fetch, requests } = numberedServer(store);
    const a = await ready(fetch, 'c4');
    await act(() => a.result.current.sendMessage({ text: 'question' }).then((r) => (r.sent ? r.done : undefined)));
    await act(() => a.result.current.regenerate());
    const shownInA = a.result.current.messages[1]!.id;
    const b = await ready(fetch, 'c4');
    await waitFor(() => expect(b.result.current.branches(b.result.current.messages[1]!.id)).toEqual({ index: 1, count: 2 }));
    expect(await act(() => b.result.current.switchBranch(b.result.current.messages[1]!.id, 0))).toBe(true);

    await act(() => a.result.current.sendMessage({ text: 'follow-up' }).then((r) => (r.sent ? r.done : undefined)));
    expect(requests.at(-1)).toMatchObject({ parentId: shownInA });
    expect(texts(a.result.current.messages)).toEqual(['question', 'reply 2 to question', 'follow-up', 'reply 3 to follow-up']);
    const reloaded = await ready(fetch, 'c4');
    expect(texts(reloaded.result.current.messages)).toEqual(['question', 'reply 2 to question', 'follow-up', 'reply 3 to follow-up']);
  });
});
