import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { shareMessage, shareMessages } from './structural-sharing.js';

/** What the AI SDK's React chat state does on every update: a copy of the message and of each part. */
const cloned = (m: UIMessage): UIMessage => ({ ...m, parts: m.parts.map((p) => ({ ...p })), ...(m.metadata ? { metadata: { ...(m.metadata as object) } } : {}) });

const tool = (i: number, state: 'input-available' | 'output-available' = 'output-available') =>
  ({ type: 'tool-search', toolCallId: `c${i}`, state, input: { q: i }, ...(state === 'output-available' ? { output: { hits: [i] } } : {}) }) as UIMessage['parts'][number];

/** The chat's copy of `m` after a token: its last (text) part reads `text`. */
function withText(m: UIMessage, text: string): UIMessage {
  const next = cloned(m);
  (next.parts.at(-1) as { text: string }).text = text;
  return next;
}

const textOfLast = (m: UIMessage) => (m.parts.at(-1) as { text: string }).text;

const reply = (text: string, tools = 20): UIMessage => ({
  id: 'a1',
  role: 'assistant',
  metadata: { agentId: 'x' },
  parts: [...Array.from({ length: tools }, (_, i) => tool(i)), { type: 'text', text, state: 'streaming' }],
});

describe('shareMessage', () => {
  it('keeps every unchanged part object when a text token arrives', () => {
    const before = reply('Hel');
    const next = cloned(before);
    (next.parts[20] as { text: string }).text = 'Hello';
    const shared = shareMessage(before, next);
    expect(shared).not.toBe(before);
    shared.parts.slice(0, 20).forEach((part, i) => expect(part).toBe(before.parts[i]));
    expect(shared.parts[20]).toBe(next.parts[20]);
    expect(shared.metadata).toBe(before.metadata);
    expect(shared).toEqual(next);
  });

  it('gives a part a new object when any of its values changes, or a key is added or removed', () => {
    const before: UIMessage = { id: 'a', role: 'assistant', parts: [tool(0, 'input-available'), tool(1), tool(2), { type: 'text', text: 'x' }] };
    const next = cloned(before);
    next.parts[0] = tool(0); // input-available → output-available (new state and output)
    next.parts[1] = { ...next.parts[1]!, output: { hits: [1] } } as UIMessage['parts'][number]; // equal content, new output object
    (next.parts[2] as Record<string, unknown>).preliminary = true; // a key added
    next.parts[3] = { type: 'text' } as UIMessage['parts'][number]; // a key removed
    const shared = shareMessage(before, next);
    shared.parts.forEach((part, i) => {
      expect(part).not.toBe(before.parts[i]);
      expect(part).toBe(next.parts[i]);
    });
    expect(shared).toBe(next);
  });

  it('returns the earlier message when nothing in it changed (metadata copied by the chat included)', () => {
    const before = reply('done');
    expect(shareMessage(before, cloned(before))).toBe(before);
  });

  it('returns a new message when a field other than parts changes, still sharing the parts', () => {
    const before = reply('done');
    const next = { ...cloned(before), metadata: { agentId: 'y' } };
    const shared = shareMessage(before, next);
    expect(shared).not.toBe(before);
    expect(shared.parts).toBe(before.parts);
    expect(shared.metadata).toEqual({ agentId: 'y' });
  });
});

describe('shareMessages', () => {
  const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] };

  it('maps unchanged messages to what was published and shares the changed one', () => {
    const source = [user, reply('a')];
    const published = source; // as the store starts: the chat's own array
    const next = [user, withText(source[1]!, 'ab')];
    const out = shareMessages(source, published, next, false);
    expect(out[0]).toBe(user);
    out[1]!.parts.slice(0, 20).forEach((part, i) => expect(part).toBe(source[1]!.parts[i]));
    expect(out[1]!.parts[20]).toEqual({ type: 'text', text: 'ab', state: 'streaming' });
    // the next update compares with what was published, not with the chat's copies
    const again = [user, withText(next[1]!, 'abc')];
    const out2 = shareMessages(next, out, again, false);
    out2[1]!.parts.slice(0, 20).forEach((part, i) => expect(part).toBe(source[1]!.parts[i]));
  });

  it('returns the published array when every message is unchanged', () => {
    const source = [user, reply('a')];
    expect(shareMessages(source, source, source.map(cloned), false)).toBe(source);
  });

  it('finds earlier versions by id when messages move', () => {
    const first: UIMessage = { id: 'u0', role: 'user', parts: [{ type: 'text', text: 'first' }] };
    const source = [first, user, reply('a')];
    const out = shareMessages(source, source, [user, cloned(source[2]!)], false);
    expect(out[0]).toBe(user);
    expect(out[1]).toBe(source[2]);
  });

  it('publishes a new last message (or any while busy) as a copy: the AI SDK keeps mutating a reply it pushed', () => {
    const source = [user];
    const live = reply('a');
    const out = shareMessages(source, source, [user, live], true);
    expect(out[1]).not.toBe(live);
    expect(out[1]).toEqual(live);
    out[1]!.parts.forEach((part, i) => expect(part).not.toBe(live.parts[i]));
    // the chat streams into the pushed object, then publishes copies of it: the change is seen
    (live.parts.at(-1) as { text: string }).text = 'ab';
    const copy = cloned(live);
    const out2 = shareMessages([user, live], out, [user, copy], true);
    expect(textOfLast(out2[1]!)).toBe('ab');
    out2[1]!.parts.slice(0, 20).forEach((part, i) => expect(part).toBe(out[1]!.parts[i]));
    // a loaded transcript keeps its objects, except the last one
    const history = [user, reply('x'), { ...user, id: 'u2' }];
    const loaded = shareMessages([], [], history, false);
    expect(loaded.slice(0, 2)).toEqual(history.slice(0, 2));
    loaded.slice(0, 2).forEach((m, i) => expect(m).toBe(history[i]));
    expect(loaded[2]).not.toBe(history[2]);
    expect(loaded[2]).toEqual(history[2]);
  });
});
