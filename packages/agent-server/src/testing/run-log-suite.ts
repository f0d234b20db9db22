import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { RunLog, RunLogEntry, RunLogReader, RunMeta } from '../runs/run-log.js';
import { describeUserEventCases } from './run-log-user-event-cases.js';
import { setUpOnce, uniqueIds } from './suite-setup.js';

/** Two handles on one run log backend (two instances sharing Redis; for memory, one log twice). */
export interface RunLogPair {
  a: RunLog;
  b: RunLog;
}

/**
 * The conformance suite of `RunLog`: the same cases for every implementation (ours run it against
 * `memoryRunLog` and `redisRunLog` on a real Redis). Call it at the top level of a vitest file:
 *
 * ```ts
 * describeRunLog('my log', ({ expireAfterMs }) => {
 *   const log = myRunLog({ expireAfterMs });
 *   return { a: log, b: log };
 * });
 * ```
 *
 * `factory` runs once for the suite and once more for the expiry case (with a short
 * `expireAfterMs`); the handles are closed (`close()`) after. Every case uses its own run ids.
 */
export function describeRunLog(
  name: string,
  factory: (options: { expireAfterMs: number }) => RunLogPair | Promise<RunLogPair>,
  options: { close?: (pair: RunLogPair) => unknown } = {},
): void {
  const close = async (pair: RunLogPair) => {
    if (options.close) return void (await options.close(pair));
    await pair.a.close?.();
    if (pair.b !== pair.a) await pair.b.close?.();
  };

  describe(`RunLog conformance: ${name}`, () => {
    let pair: RunLogPair;
    setUpOnce(() => factory({ expireAfterMs: 60_000 }), (made) => (pair = made), { close });
    const ids = uniqueIds();
    const unique = () => ids('run');
    const metaOf = (runId: string): RunMeta => ({
      runId,
      conversationId: `conv-${runId}`,
      userId: 'alice',
      agentId: 'assistant',
      sharedState: { cart: { items: [1, 2] }, note: 'ünïcode ✓' },
      startedAt: 1_767_225_600_000,
    });
    const chunk = (i: number) => JSON.stringify({ type: 'text-delta', id: 't1', delta: `part ${i}\n"quoted"` });

    /**
     * Reads a run just opened on the other handle. A shared log's \`open\` writes the run's meta on its
     * own connection while the reader asks on another, so the first reads may come before it lands:
     * retried while null, for at most 2 s (a run that never shows fails the test).
     */
    async function readOpened(handle: RunLog, runId: string, afterSeq: number, signal: AbortSignal): Promise<RunLogReader | null> {
      const deadline = Date.now() + 2_000;
      for (;;) {
        const reader = await handle.read(runId, afterSeq, signal);
        if (reader || Date.now() > deadline) return reader;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }

    /** Reads `reader` to its end. */
    async function all(reader: RunLogReader): Promise<RunLogEntry[]> {
      const out: RunLogEntry[] = [];
      for await (const entry of reader.entries) out.push(entry);
      return out;
    }

    /** Reads until `count` entries came (then leaves the reader open). */
    async function take(iterator: AsyncIterator<RunLogEntry>, count: number): Promise<RunLogEntry[]> {
      const out: RunLogEntry[] = [];
      while (out.length < count) {
        const next = await iterator.next();
        if (next.done) break;
        out.push(next.value);
      }
      return out;
    }

    const expected = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ seq: from + i, data: chunk(from + i) }));

    /** Polls `check` until it holds (a backend may apply writes a moment later); fails after 10 s. */
    async function eventually(check: () => Promise<boolean>): Promise<void> {
      const deadline = Date.now() + 10_000;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error('condition not reached within 10 s');
        await new Promise((r) => setTimeout(r, 20));
      }
    }

    it('reads an ended run from the start on the other handle: meta, ended, every entry in order', async () => {
      const runId = unique();
      const writer = pair.a.open(metaOf(runId));
      for (let i = 0; i < 5; i++) writer.append(chunk(i));
      await writer.end();
      const reader = await readOpened(pair.b, runId, -1, new AbortController().signal);
      expect(reader).not.toBeNull();
      expect(reader!.meta).toEqual(metaOf(runId));
      expect(reader!.ended).toBe(true);
      expect(await all(reader!)).toEqual(expected(0, 5));
    });

    it('reads after a cursor: only the entries after it, also past the end', async () => {
      const runId = unique();
      const writer = pair.a.open(metaOf(runId));
      for (let i = 0; i < 6; i++) writer.append(chunk(i));
      await writer.end();
      const signal = new AbortController().signal;
      expect(await all((await pair.b.read(runId, 2, signal))!)).toEqual(expected(3, 6));
      expect(await all((await pair.b.read(runId, 5, signal))!)).toEqual([]);
      expect(await all((await pair.b.read(runId, 99, signal))!)).toEqual([]);
    });

    it('tails an open run: entries written after the read started arrive, and the reader ends with the run', async () => {
      const runId = unique();
      const writer = pair.a.open(metaOf(runId));
      writer.append(chunk(0));
      writer.append(chunk(1));
      // Another instance sees the run once the writer's first flush landed (a write is batched, not
      // awaited): read until it is there, for at most 2 s.
      const signal = new AbortController().signal;
      let reader = await pair.b.read(runId, -1, signal);
      for (const started = Date.now(); reader === null && Date.now() - started < 2_000; ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        reader = await pair.b.read(runId, -1, signal);
      }
      expect(reader).not.toBeNull();
      expect(reader!.ended).toBe(false);
      expect(reader!.meta.sharedState).toEqual(metaOf(runId).sharedState);
      const iterator = reader!.entries[Symbol.asyncIterator]();
      expect(await take(iterator, 2)).toEqual(expected(0, 2));
      const later = take(iterator, 3);
      for (let i = 2; i < 5; i++) writer.append(chunk(i));
      expect(await later).toEqual(expected(2, 5));
      const rest = take(iterator, 1);
      writer.append(chunk(5));
      await writer.end();
      expect(await rest).toEqual(expected(5, 6));
      expect(await iterator.next()).toMatchObject({ done: true });
    });

    it('reads an open run after a cursor, then live', async () => {
      const runId = unique();
      const writer = pair.a.open(metaOf(runId));
      for (let i = 0; i < 4; i++) writer.append(chunk(i));
      const reader = await readOpened(pair.b, runId, 1, new AbortController().signal);
      const read = all(reader!);
      for (let i = 4; i < 8; i++) writer.append(chunk(i));
      await writer.end();
      expect(await read).toEqual(expected(2, 8));
    });

    it('serves several concurrent readers, each from its own cursor, every entry once and in order', async () => {
      const runId = unique();
      const writer = pair.a.open(metaOf(runId));
      for (let i = 0; i < 3; i++) writer.append(chunk(i));
      const signal = new AbortController().signal;
      const readers = await Promise.all([pair.a.read(runId, -1, signal), readOpened(pair.b, runId, 0, signal), readOpened(pair.b, runId, 2, signal)]);
      const reads = readers.map((reader) => all(reader!));
      for (let i = 3; i < 40; i++) {
        writer.append(chunk(i));
        if (i % 7 === 0) await new Promise((r) => setTimeout(r, 1));
      }
      await writer.end();
      const [first, second, third] = await Promise.all(reads);
      expect(first).toEqual(expected(0, 40));
      expect(second).toEqual(expected(1, 40));
      expect(third).toEqual(expected(3, 40));
    });

    it('keeps runs apart', async () => {
      const one = unique();
      const two = unique();
      const w1 = pair.a.open(metaOf(one));
      const w2 = pair.a.open(metaOf(two));
      w1.append(chunk(1));
      w2.append(chunk(2));
      w1.append(chunk(3));
      await Promise.all([w1.end(), w2.end()]);
      const signal = new AbortController().signal;
      expect((await all((await pair.b.read(one, -1, signal))!)).map((e) => e.data)).toEqual([chunk(1), chunk(3)]);
      expect(await all((await pair.b.read(two, -1, signal))!)).toEqual([{ seq: 0, data: chunk(2) }]);
    });

    it('answers null for a run it never held', async () => {
      expect(await pair.a.read(unique(), -1, new AbortController().signal)).toBeNull();
      expect(await pair.b.read(unique(), 3, new AbortController().signal)).toBeNull();
    });

    it('ends a waiting reader when its signal aborts, and leaves no listener on the signal', async () => {
      const runId = unique();
      const writer = pair.a.open(metaOf(runId));
      writer.append(chunk(0));
      const controller = new AbortController();
      const reader = await readOpened(pair.b, runId, -1, controller.signal);
      const iterator = reader!.entries[Symbol.asyncIterator]();
      expect(await take(iterator, 1)).toEqual(expected(0, 1));
      const waiting = iterator.next();
      controller.abort();
      expect(await waiting).toMatchObject({ done: true });
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
      // Another reader of the same run is not disturbed.
      const other = await pair.b.read(runId, -1, new AbortController().signal);
      const rest = all(other!);
      writer.append(chunk(1));
      await writer.end();
      expect(await rest).toEqual(expected(0, 2));
    });

    it('reads nothing with a signal aborted before the read', async () => {
      const runId = unique();
      const writer = pair.a.open(metaOf(runId));
      writer.append(chunk(0));
      const controller = new AbortController();
      controller.abort();
      const reader = await pair.b.read(runId, -1, controller.signal);
      if (reader) expect(await all(reader)).toEqual([]);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
      await writer.end();
    });

    it('takes a stop requested on one handle to the listener on the other; unsubscribed listeners are not called', async () => {
      const runId = unique();
      const otherRun = unique();
      const writer = pair.a.open(metaOf(runId));
      let stopped!: () => void;
      const reached = new Promise<void>((resolve) => (stopped = resolve));
      const calls: string[] = [];
      const offKept = pair.a.onStop(runId, () => {
        calls.push('kept');
        stopped();
      });
      const offRemoved = pair.a.onStop(runId, () => calls.push('removed'));
      const offOther = pair.a.onStop(otherRun, () => calls.push('other run'));
      offRemoved();
      await pair.b.requestStop(runId);
      await reached;
      expect(calls).toEqual(['kept']);
      offKept();
      offOther();
      await writer.end();
    });

    it('ignores appends after end and a second end', async () => {
      const runId = unique();
      const writer = pair.a.open(metaOf(runId));
      writer.append(chunk(0));
      await writer.end();
      writer.append(chunk(1));
      await writer.end();
      expect(await all((await pair.b.read(runId, -1, new AbortController().signal))!)).toEqual(expected(0, 1));
    });

    describeUserEventCases(() => pair, ids);

    describe('expiry', () => {
      let short: RunLogPair;
      setUpOnce(() => factory({ expireAfterMs: 150 }), (made) => (short = made), { close });

      it('drops an ended run after expireAfterMs (read → null)', async () => {
        const runId = unique();
        const writer = short.a.open(metaOf(runId));
        writer.append(chunk(0));
        await writer.end();
        await eventually(async () => (await short.b.read(runId, -1, new AbortController().signal)) === null);
      });

      it('drops an open run that wrote nothing for expireAfterMs, but keeps one that keeps writing', async () => {
        const silentId = unique();
        const busyId = unique();
        const silent = short.a.open(metaOf(silentId));
        silent.append(chunk(0));
        const busy = short.a.open(metaOf(busyId));
        let i = 0;
        const ticker = setInterval(() => busy.append(chunk(i++)), 20);
        try {
          await eventually(async () => (await short.b.read(silentId, -1, new AbortController().signal)) === null);
          const reader = await short.b.read(busyId, -1, new AbortController().signal);
          expect(reader).not.toBeNull();
          expect(reader!.ended).toBe(false);
        } finally {
          clearInterval(ticker);
        }
        await busy.end();
      });
    });
  });
}
