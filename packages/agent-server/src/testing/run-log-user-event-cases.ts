import { getEventListeners } from 'node:events';
import { expect, it } from 'vitest';
import { LIVE_EVENTS_KEPT } from '@x/agent-protocol/routes';
import type { RunLog, UserEventEntry, UserEventReader } from '../runs/run-log.js';

/** The next `count` events of a reader (fails after 5 s: an event that never comes). */
async function take(iterator: AsyncIterator<UserEventEntry>, count: number): Promise<UserEventEntry[]> {
  const out: UserEventEntry[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${out.length} of ${count} events within 5 s`)), 5_000)));
  try {
    while (out.length < count) {
      const next = await Promise.race([iterator.next(), late]);
      if (next.done) break;
      out.push(next.value);
    }
  } finally {
    clearTimeout(timer);
  }
  return out;
}

/** Nothing more arrives within `ms` (a reader's last check: an event arriving later is taken by the pending read). */
async function quiet(iterator: AsyncIterator<UserEventEntry>, ms = 150): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const result = await Promise.race([iterator.next().then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), ms)))]);
  clearTimeout(timer);
  return result;
}

const event = (n: number) => JSON.stringify({ type: 'queue-changed', conversationId: `c-${n}`, note: 'ünïcode ✓ "quoted"\n' });
const dataOf = (entries: UserEventEntry[]) => entries.map((e) => e.data);

/**
 * The live-event cases of the run log conformance suite (`publishUserEvent` / `readUserEvents`, the
 * stream of `GET {basePath}/events`). Runs inside `describeRunLog`; a log with neither method has
 * nothing to check but that (they come together).
 */
export function describeUserEventCases(getPair: () => { a: RunLog; b: RunLog }, unique: (prefix: string) => string): void {
  /** The pair when its log carries live events (else the case checks that neither method is there). */
  const events = () => {
    const { a, b } = getPair();
    if (!a.readUserEvents || !a.publishUserEvent) {
      expect([typeof a.readUserEvents, typeof a.publishUserEvent]).toEqual(['undefined', 'undefined']);
      return undefined;
    }
    return { a: a as Required<Pick<RunLog, 'publishUserEvent' | 'readUserEvents'>>, b: b as Required<Pick<RunLog, 'publishUserEvent' | 'readUserEvents'>> };
  };
  const open = async (log: Required<Pick<RunLog, 'readUserEvents'>>, userId: string, cursor: string | null) => {
    const controller = new AbortController();
    const reader: UserEventReader = await log.readUserEvents(userId, cursor, controller.signal);
    return { reader, iterator: reader.events[Symbol.asyncIterator](), controller };
  };

  it('live events: a reader gets the events published after it opened, on either handle, in order and once; another user gets none', async () => {
    const pair = events();
    if (!pair) return;
    const user = unique('user');
    const fresh = await open(pair.b, user, null);
    const other = await open(pair.b, unique('user'), null);
    expect(fresh.reader.reset).toBe(false);
    await pair.a.publishUserEvent(user, event(1));
    await pair.b.publishUserEvent(user, event(2));
    await pair.a.publishUserEvent(user, event(3));
    const got = await take(fresh.iterator, 3);
    expect(dataOf(got)).toEqual([event(1), event(2), event(3)]);
    expect(new Set(got.map((e) => e.cursor)).size).toBe(3);
    expect(await quiet(fresh.iterator)).toBe(true);
    expect(await quiet(other.iterator)).toBe(true);
    fresh.controller.abort();
    other.controller.abort();
  });

  it('live events: a reader from a cursor replays exactly the kept events after it, then follows; the newest cursor is given', async () => {
    const pair = events();
    if (!pair) return;
    const user = unique('user');
    const first = await open(pair.a, user, null);
    for (let i = 0; i < 4; i++) await pair.a.publishUserEvent(user, event(i));
    const seen = await take(first.iterator, 4);
    first.controller.abort();
    const back = await open(pair.b, user, seen[1]!.cursor);
    expect(back.reader).toMatchObject({ reset: false, cursor: seen[3]!.cursor });
    await pair.b.publishUserEvent(user, event(4));
    const got = await take(back.iterator, 3);
    expect(dataOf(got)).toEqual([event(2), event(3), event(4)]);
    expect(got.slice(0, 2)).toEqual(seen.slice(2));
    // From the newest cursor: nothing to replay, then live.
    const tip = await open(pair.a, user, got[2]!.cursor);
    expect(tip.reader.reset).toBe(false);
    expect(await quiet(tip.iterator)).toBe(true);
    back.controller.abort();
    tip.controller.abort();
  });

  it('live events: a garbage or unknown cursor resets the reader (then it follows from the newest)', async () => {
    const pair = events();
    if (!pair) return;
    const user = unique('user');
    const first = await open(pair.a, user, null);
    await pair.a.publishUserEvent(user, event(1));
    const [one] = await take(first.iterator, 1);
    first.controller.abort();
    for (const cursor of ['garbage', '', '1-1', '0.1', 'x'.repeat(1_000), '99999999999999-0', `${one!.cursor}0`]) {
      const reader = await open(pair.b, user, cursor);
      expect(reader.reader, JSON.stringify(cursor.slice(0, 20))).toMatchObject({ reset: true, cursor: one!.cursor });
      reader.controller.abort();
    }
    // A user with no events: a reset with no cursor.
    const none = await open(pair.b, unique('user'), one!.cursor);
    expect(none.reader).toMatchObject({ reset: true, cursor: null });
    const after = await open(pair.b, user, 'garbage');
    await pair.a.publishUserEvent(user, event(2));
    expect(dataOf(await take(after.iterator, 1))).toEqual([event(2)]);
    none.controller.abort();
    after.controller.abort();
  });

  it(`live events: keeps the newest ${LIVE_EVENTS_KEPT} (at least); a cursor older than what is kept resets`, { timeout: 60_000 }, async () => {
    const pair = events();
    if (!pair) return;
    const user = unique('user');
    const first = await open(pair.a, user, null);
    await pair.a.publishUserEvent(user, event(0));
    const [oldest] = await take(first.iterator, 1);
    first.controller.abort();
    const total = LIVE_EVENTS_KEPT + 300;
    const all = await open(pair.b, user, null);
    await Promise.all(Array.from({ length: total }, (_, i) => pair.a.publishUserEvent(user, event(i + 1))));
    const got = await take(all.iterator, total);
    all.controller.abort();
    expect(dataOf(got).slice(-2)).toEqual([event(total - 1), event(total)]);
    const stale = await open(pair.b, user, oldest!.cursor);
    expect(stale.reader).toMatchObject({ reset: true, cursor: got.at(-1)!.cursor });
    stale.controller.abort();
    // The cursor of the LIVE_EVENTS_KEPT-th newest event is still replayable: the events after it come back.
    const kept = await open(pair.a, user, got[total - LIVE_EVENTS_KEPT]!.cursor);
    expect(kept.reader.reset).toBe(false);
    expect(await take(kept.iterator, LIVE_EVENTS_KEPT - 1)).toEqual(got.slice(total - LIVE_EVENTS_KEPT + 1));
    kept.controller.abort();
  });

  it('live events: concurrent publishes on both handles reach a reader in the order of their cursors, none lost or twice', async () => {
    const pair = events();
    if (!pair) return;
    const user = unique('user');
    const reader = await open(pair.b, user, null);
    const count = 60;
    await Promise.all(Array.from({ length: count }, (_, i) => (i % 2 === 0 ? pair.a : pair.b).publishUserEvent(user, event(i))));
    const got = await take(reader.iterator, count);
    expect(new Set(dataOf(got))).toEqual(new Set(Array.from({ length: count }, (_, i) => event(i))));
    // The same events replayed from the first cursor come in the same order.
    const replay = await open(pair.a, user, got[0]!.cursor);
    expect(await take(replay.iterator, count - 1)).toEqual(got.slice(1));
    // A reader that opens while events are being published: the backlog and the live ones join
    // without a gap or a double (the reader opened first is the reference).
    const burst = Array.from({ length: count }, (_, i) => (i % 2 === 0 ? pair.a : pair.b).publishUserEvent(user, event(count + i)));
    const joining = await open(pair.b, user, got.at(-1)!.cursor);
    await Promise.all(burst);
    const reference = await take(reader.iterator, count);
    expect(await take(joining.iterator, count)).toEqual(reference);
    expect(await quiet(joining.iterator)).toBe(true);
    expect(await quiet(reader.iterator)).toBe(true);
    reader.controller.abort();
    replay.controller.abort();
    joining.controller.abort();
  });

  it('live events: an abort ends a waiting reader and leaves no listener on the signal; an aborted signal reads nothing', async () => {
    const pair = events();
    if (!pair) return;
    const user = unique('user');
    const reader = await open(pair.a, user, null);
    const waiting = reader.iterator.next();
    reader.controller.abort();
    expect(await waiting).toMatchObject({ done: true });
    expect(getEventListeners(reader.controller.signal, 'abort')).toHaveLength(0);
    const aborted = new AbortController();
    aborted.abort();
    const none = await pair.a.readUserEvents(user, null, aborted.signal);
    await pair.a.publishUserEvent(user, event(1));
    expect(await none.events[Symbol.asyncIterator]().next()).toMatchObject({ done: true });
    expect(getEventListeners(aborted.signal, 'abort')).toHaveLength(0);
  });
}
