import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from '../test-utils/redis-server.js';
import { redisRunLog } from './redis-run-log.js';
import { RunLogUnavailableError, type RunLog, type UserEventEntry } from './run-log.js';

let redis: RedisServer;
let client: Redis;
beforeAll(async () => {
  redis = await startRedis();
  client = new Redis(redis.url);
});
afterAll(async () => {
  client?.disconnect();
  redis?.destroy();
});

/** Polls `check` until it holds; a generous deadline, not a timing assertion. */
const eventually = async (check: () => Promise<boolean> | boolean, what: string) => {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never happened: ${what}`);
};
const connections = async () => String(await client.call('CLIENT', 'LIST')).trim().split('\n').length;
const subscribedChannels = async (pattern: string) => (await client.call('PUBSUB', 'CHANNELS', pattern)) as string[];
const first = async (iterator: AsyncIterator<UserEventEntry>) => (await iterator.next()).value as UserEventEntry;

describe('redisRunLog live events (real Redis)', () => {
  it('holds 1,000 idle readers on one subscriber connection, one SUBSCRIBE per user, and unsubscribes with the last reader of a user', { timeout: 60_000 }, async () => {
    const prefix = `t${Date.now().toString(36)}:`;
    const log = redisRunLog({ url: redis.url }, { keyPrefix: prefix });
    try {
      const before = await connections();
      const users = Array.from({ length: 500 }, (_, i) => `user-${i}`);
      const readers = await Promise.all(
        users.flatMap((user) => [0, 1].map(async () => {
          const controller = new AbortController();
          const reader = await log.readUserEvents!(user, null, controller.signal);
          return { user, controller, iterator: reader.events[Symbol.asyncIterator]() };
        })),
      );
      // The log's command connection and its one subscriber: not a connection per reader.
      expect((await connections()) - before).toBeLessThanOrEqual(2);
      expect(await subscribedChannels(`${prefix}events:*`)).toHaveLength(500);
      expect(await client.call('PUBSUB', 'NUMSUB', `${prefix}events:user-7`)).toEqual([`${prefix}events:user-7`, 1]);
      // Both readers of a user get its event.
      await log.publishUserEvent!('user-7', '{"n":1}');
      const [a, b] = readers.filter((r) => r.user === 'user-7');
      expect((await first(a!.iterator)).data).toBe('{"n":1}');
      expect((await first(b!.iterator)).data).toBe('{"n":1}');
      // One of a user's two readers gone: still subscribed; both gone: unsubscribed.
      a!.controller.abort();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await client.call('PUBSUB', 'NUMSUB', `${prefix}events:user-7`)).toEqual([`${prefix}events:user-7`, 1]);
      b!.controller.abort();
      await eventually(async () => (await subscribedChannels(`${prefix}events:user-7`)).length === 0, 'user-7 unsubscribed');
      for (const reader of readers) reader.controller.abort();
      await eventually(async () => (await subscribedChannels(`${prefix}events:*`)).length === 0, 'every channel unsubscribed');
    } finally {
      await log.close?.();
    }
  });

  it('throws RunLogUnavailableError from publish and read when Redis is down', async () => {
    const server = await startRedis();
    const log = redisRunLog({ url: server.url }, { commandTimeoutMs: 500, onError: () => {} });
    try {
      await log.publishUserEvent!('alice', '{}');
      server.kill();
      await expect(log.publishUserEvent!('alice', '{}')).rejects.toBeInstanceOf(RunLogUnavailableError);
      await expect(log.readUserEvents!('alice', null, new AbortController().signal)).rejects.toBeInstanceOf(RunLogUnavailableError);
    } finally {
      await log.close?.();
      server.destroy();
    }
  });

  it('fails an open reader when the subscriber loses Redis (its client reconnects from the last cursor)', async () => {
    const server = await startRedis();
    const log: RunLog = redisRunLog({ url: server.url }, { commandTimeoutMs: 500, onError: () => {} });
    try {
      const reader = await log.readUserEvents!('alice', null, new AbortController().signal);
      const iterator = reader.events[Symbol.asyncIterator]();
      await log.publishUserEvent!('alice', '{"n":1}');
      expect((await first(iterator)).data).toBe('{"n":1}');
      const waiting = iterator.next();
      server.kill();
      await expect(waiting).rejects.toThrow(/lost its subscriber/);
    } finally {
      await log.close?.();
      server.destroy();
    }
  });

  it('keeps a user\'s events in one short stream that expires', async () => {
    const prefix = `x${Date.now().toString(36)}:`;
    const log = redisRunLog({ url: redis.url }, { keyPrefix: prefix });
    try {
      await log.publishUserEvent!('bob', '{"n":1}');
      const key = `${prefix}events:{bob}`;
      expect(await client.xlen(key)).toBe(1);
      const ttl = await client.pttl(key);
      expect(ttl).toBeGreaterThan(9 * 60_000);
      expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    } finally {
      await log.close?.();
    }
  });
});
