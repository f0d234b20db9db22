import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRunLog } from '../testing/run-log-suite.js';
import { startRedis, type RedisServer } from '../test-utils/redis-server.js';
import { redisRunLog } from './redis-run-log.js';
import { RunLogUnavailableError, type RunLog, type RunLogEntry, type RunMeta } from './run-log.js';

let redis: RedisServer;
const logs: RunLog[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(logs.map((log) => log.close?.()));
  redis?.destroy();
});

// Two handles on one Redis: two server instances.
describeRunLog('redisRunLog', ({ expireAfterMs }) => ({ a: redisRunLog({ url: redis.url }, { expireAfterMs }), b: redisRunLog({ url: redis.url }, { expireAfterMs }) }));

const newLog = (options: Parameters<typeof redisRunLog>[1] = {}) => {
  const log = redisRunLog({ url: redis.url }, options);
  logs.push(log);
  return log;
};
let next = 0;
const meta = (): RunMeta => ({ runId: `run-${process.pid}-${next++}`, conversationId: 'c1', userId: 'u1', agentId: 'a1', sharedState: { page: 2 }, startedAt: 1 });
const collect = async (entries: AsyncIterable<RunLogEntry>) => {
  const all: RunLogEntry[] = [];
  for await (const entry of entries) all.push(entry);
  return all;
};
/** Polls `check` until it holds; a generous deadline, not a timing assertion. */
const eventually = async (check: () => Promise<boolean> | boolean, what: string) => {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never happened: ${what}`);
};

describe('redisRunLog (real Redis)', () => {
  it('keeps a run on Redis: another handle reads its meta, its backlog from any seq, and its end', async () => {
    const writerLog = newLog();
    const readerLog = newLog();
    const m = meta();
    const writer = writerLog.open(m);
    for (let i = 0; i < 5; i++) writer.append(JSON.stringify({ type: 'text-delta', delta: `d${i}` }));
    await writer.end();
    const reader = await readerLog.read(m.runId, 2, new AbortController().signal);
    expect(reader?.meta).toEqual(m);
    expect(reader?.ended).toBe(true);
    expect(await collect(reader!.entries)).toEqual([
      { seq: 3, data: '{"type":"text-delta","delta":"d3"}' },
      { seq: 4, data: '{"type":"text-delta","delta":"d4"}' },
    ]);
    expect(await readerLog.read('no-such-run', -1, new AbortController().signal)).toBeNull();
  });

  it('pages a long backlog and then follows the live tail until the run ends', { timeout: 60_000 }, async () => {
    // batchMs 0 and a macrotask between appends: one stream entry per chunk, many pages.
    const writerLog = newLog({ batchMs: 0 });
    const readerLog = newLog();
    const m = meta();
    const writer = writerLog.open(m);
    for (let i = 0; i < 1_300; i++) {
      writer.append(`"${i}"`);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const client = new Redis(redis.url);
    await eventually(async () => (await client.xlen(`xkit:run:{${m.runId}}:s`)) === 1_300, 'backlog written').finally(() => client.disconnect());
    const reader = await readerLog.read(m.runId, -1, new AbortController().signal);
    expect(reader?.ended).toBe(false);
    const all = collect(reader!.entries);
    for (let i = 1_300; i < 1_310; i++) writer.append(`"${i}"`);
    await writer.end();
    const entries = await all;
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 1_310 }, (_, i) => i));
    expect(entries.every((e) => e.data === `"${e.seq}"`)).toBe(true);
  });

  it('ends a live reader when its signal aborts (its blocking connection closes)', async () => {
    const log = newLog();
    const m = meta();
    const writer = log.open(m);
    writer.append('"a"');
    const controller = new AbortController();
    await eventually(async () => (await log.read(m.runId, -1, new AbortController().signal)) !== null, 'run visible');
    const reader = await log.read(m.runId, -1, controller.signal);
    const seen: RunLogEntry[] = [];
    const done = (async () => {
      for await (const entry of reader!.entries) {
        seen.push(entry);
        if (seen.length === 1) controller.abort();
      }
    })();
    await done;
    expect(seen).toEqual([{ seq: 0, data: '"a"' }]);
    await writer.end();
  });

  it("closes a live reader's blocking connection when the run ends and when its signal aborts", async () => {
    const log = newLog();
    const client = new Redis(redis.url);
    const connections = async () => String(await client.call('CLIENT', 'LIST')).trim().split('\n').length;
    try {
      const m = meta();
      const writer = log.open(m);
      writer.append('"a"');
      await eventually(async () => (await client.exists(`xkit:run:{${m.runId}}:s`)) === 1, 'entry written');
      const before = await connections();
      const controller = new AbortController();
      const aborted = await log.read(m.runId, -1, controller.signal);
      const ending = await log.read(m.runId, -1, new AbortController().signal);
      const iterators = [aborted!, ending!].map((reader) => reader.entries[Symbol.asyncIterator]());
      for (const iterator of iterators) expect((await iterator.next()).value).toEqual({ seq: 0, data: '"a"' });
      const waits = iterators.map((iterator) => iterator.next());
      await eventually(async () => (await connections()) === before + 2, 'two blocking connections open');
      controller.abort();
      expect(await waits[0]).toMatchObject({ done: true });
      await eventually(async () => (await connections()) === before + 1, "the aborted reader's connection closed");
      await writer.end();
      expect(await waits[1]).toMatchObject({ done: true });
      await eventually(async () => (await connections()) === before, "the ended reader's connection closed");
    } finally {
      client.disconnect();
    }
  });

  it('delivers a stop requested on one handle to the listener of another handle, and only for that run', async () => {
    const a = newLog();
    const b = newLog();
    const m = meta();
    const stops: string[] = [];
    const off = a.onStop(m.runId, () => stops.push(m.runId));
    a.onStop('other', () => stops.push('other'));
    await eventually(async () => {
      await b.requestStop(m.runId);
      return stops.length > 0;
    }, 'stop delivered');
    expect(new Set(stops)).toEqual(new Set([m.runId]));
    off();
    stops.length = 0;
    await b.requestStop(m.runId);
    await b.requestStop('other');
    await eventually(() => stops.includes('other'), 'second stop delivered');
    expect(stops).toEqual(['other']);
  });

  it('delivers a payload sent on one handle to the listeners of its channel on another handle, and counts the instances reached', async () => {
    const a = newLog();
    const b = newLog();
    const channel = `answers:${process.pid}:${next++}`;
    const got: string[] = [];
    const off1 = a.onDelivery!(channel, (payload) => got.push(`1:${payload}`));
    const off2 = a.onDelivery!(channel, (payload) => got.push(`2:${payload}`));
    a.onDelivery!(`${channel}:other`, (payload) => got.push(`other:${payload}`));
    // The subscription goes out asynchronously: until it is there, a delivery reaches nobody (0).
    await eventually(async () => (await b.deliver!(channel, 'hello')) === 1, 'subscribed');
    await eventually(() => got.length >= 2, 'payload received');
    expect(got).toEqual(['1:hello', '2:hello']); // one instance reached; both its listeners called
    off1();
    got.length = 0;
    expect(await b.deliver!(channel, 'again')).toBe(1);
    await eventually(() => got.length === 1, 'second payload received');
    expect(got).toEqual(['2:again']);
    off2();
    // The last listener gone: the channel is unsubscribed and a delivery reaches nobody.
    await eventually(async () => (await b.deliver!(channel, 'late')) === 0, 'unsubscribed');
    expect(got).toEqual(['2:again']);
    // Another prefix is another namespace: its handles never see these channels.
    const isolated = newLog({ keyPrefix: 'xkit:other:' });
    isolated.onDelivery!(`${channel}:other`, (payload) => got.push(`isolated:${payload}`));
    await eventually(async () => (await b.deliver!(`${channel}:other`, 'x')) === 1 && got.includes('other:x'), 'delivered to its own prefix');
    expect(got.some((entry) => entry.startsWith('isolated:'))).toBe(false);
  });

  it('expires a run expireAfterMs after it ended, and keeps a safety TTL while it is open', async () => {
    const log = newLog({ expireAfterMs: 200, keyPrefix: 'exp:' });
    const client = new Redis(redis.url);
    try {
      const m = meta();
      const writer = log.open(m);
      writer.append('"x"');
      await eventually(async () => (await client.exists(`exp:{${m.runId}}:s`)) === 1, 'entries written');
      expect(await client.pttl(`exp:{${m.runId}}:m`)).toBeGreaterThan(0);
      await writer.end();
      await eventually(async () => (await client.exists(`exp:{${m.runId}}:s`, `exp:{${m.runId}}:m`)) === 0, 'entries expired');
      expect(await log.read(m.runId, -1, new AbortController().signal)).toBeNull();
    } finally {
      client.disconnect();
    }
  });

  it('splits a burst that never yields into bounded entries, read back whole', async () => {
    const log = newLog();
    const client = new Redis(redis.url);
    try {
      const m = meta();
      const writer = log.open(m);
      const big = 'x'.repeat(10_000);
      for (let i = 0; i < 40; i++) writer.append(`"${i}${big}"`);
      await writer.end();
      // 400 KB in 64 KB entries, plus the end entry.
      expect(await client.xlen(`xkit:run:{${m.runId}}:s`)).toBeGreaterThanOrEqual(7);
      const reader = await log.read(m.runId, 10, new AbortController().signal);
      expect((await collect(reader!.entries)).map((e) => e.data)).toEqual(Array.from({ length: 29 }, (_, i) => `"${i + 11}${big}"`));
    } finally {
      client.disconnect();
    }
  });

  it('works on a client the app passes (and leaves it open)', async () => {
    const client = new Redis(redis.url);
    try {
      const log = redisRunLog({ client });
      const m = meta();
      const writer = log.open(m);
      writer.append('"x"');
      await writer.end();
      const reader = await log.read(m.runId, -1, new AbortController().signal);
      expect(await collect(reader!.entries)).toEqual([{ seq: 0, data: '"x"' }]);
      await log.close?.();
      expect(await client.ping()).toBe('PONG');
    } finally {
      client.disconnect();
    }
  });
});

describe('redisRunLog when Redis goes away', () => {
  it('drops the entries of a writer with one report, and read, requestStop and deliver throw RunLogUnavailableError', async () => {
    const server = await startRedis();
    const errors: string[] = [];
    const log = redisRunLog({ url: server.url }, { commandTimeoutMs: 500, onError: (error, context) => errors.push(`${context.operation}: ${error.message}`) });
    try {
      const m = meta();
      const writer = log.open(m);
      writer.append('"before"');
      await eventually(async () => (await log.read(m.runId, -1, new AbortController().signal)) !== null, 'run visible');
      server.kill();
      for (let i = 0; i < 50; i++) writer.append(`"after ${i}"`);
      await writer.end();
      expect(errors).toHaveLength(1);
      await expect(log.read(m.runId, -1, new AbortController().signal)).rejects.toBeInstanceOf(RunLogUnavailableError);
      await expect(log.requestStop(m.runId)).rejects.toBeInstanceOf(RunLogUnavailableError);
      await expect(log.deliver!('ch', 'x')).rejects.toBeInstanceOf(RunLogUnavailableError);
    } finally {
      await log.close?.();
      server.destroy();
    }
  });

  it('does not wait on an app client that queues commands while Redis is down', async () => {
    const server = await startRedis();
    // ioredis's defaults: an offline queue and 20 retries per command.
    const client = new Redis(server.url);
    client.on('error', () => {});
    const reports: string[] = [];
    const log = redisRunLog({ client }, { commandTimeoutMs: 500, onError: (_error, context) => reports.push(context.operation) });
    try {
      expect(await client.ping()).toBe('PONG');
      server.kill();
      const m = meta();
      const writer = log.open(m);
      writer.append('"x"');
      await writer.end();
      expect(reports.filter((operation) => operation.startsWith('write'))).toHaveLength(1);
      await expect(log.read(m.runId, -1, new AbortController().signal)).rejects.toBeInstanceOf(RunLogUnavailableError);
      await expect(log.requestStop(m.runId)).rejects.toBeInstanceOf(RunLogUnavailableError);
      await expect(log.deliver!('ch', 'x')).rejects.toBeInstanceOf(RunLogUnavailableError);
    } finally {
      await log.close?.();
      client.disconnect();
      server.destroy();
    }
  });

  it('ends a live reader with RunLogUnavailableError when Redis dies under it', async () => {
    const server = await startRedis();
    const log = redisRunLog({ url: server.url }, { commandTimeoutMs: 500, onError: () => {} });
    try {
      const m = meta();
      const writer = log.open(m);
      writer.append('"a"');
      await eventually(async () => (await log.read(m.runId, -1, new AbortController().signal)) !== null, 'run visible');
      const reader = await log.read(m.runId, -1, new AbortController().signal);
      const seen: RunLogEntry[] = [];
      const done = (async () => {
        for await (const entry of reader!.entries) {
          seen.push(entry);
          if (seen.length === 1) server.kill();
        }
      })();
      await expect(done).rejects.toBeInstanceOf(RunLogUnavailableError);
      expect(seen).toHaveLength(1);
    } finally {
      await log.close?.();
      server.destroy();
    }
  });
});
