import { describe, expect, it } from 'vitest';
import { findKnee, shouldRun, signals, type LevelResult } from '../../bench/load/analysis.ts';
import { moduleOf, summariseProfile } from '../../bench/load/profile.ts';
import { parseSseBlock, sseBlocks } from '../../bench/load/sse.ts';
import { storedReplyText } from '../../bench/load/stored-reply.ts';
import type { ConversationHistory } from '@x/agent-protocol/routes';

/** A level with quiet resources and the given p99 gap (other fields as a healthy run has them). */
function level(concurrency: number, gapP99Ms: number, overrides: Partial<LevelResult> = {}): LevelResult {
  const instance = { cpuPct: 20, eldP99Ms: 20, eldMaxMs: 30, idleRssMB: 100, peakRssMB: 110, peakOpenStreams: concurrency / 2, poolWaitingPeak: 0, status5xx: 0 };
  return {
    concurrency,
    idleSubscribers: 0,
    started: concurrency,
    accepted: concurrency,
    completed: concurrency,
    peakOpenStreams: concurrency,
    wallS: 10,
    gapP50Ms: 50,
    gapP99Ms,
    ttfbP50Ms: 20,
    ttfbP99Ms: 40,
    firstDeltaP50Ms: 70,
    firstDeltaP99Ms: 90,
    chunks: concurrency * 125,
    cpuMsPerChunk: 0.05,
    cpuMsPerReply: 6,
    rssKBPerStream: 40,
    instances: [instance, { ...instance }],
    redisOpsPerReply: 120,
    redisByCommandPerReply: {},
    redisCpuPct: 10,
    pgStatementsPerReply: 9,
    pgXactPerReply: 4,
    pgTuplesPerReply: 20,
    pgExecMsPerReply: 2,
    pgTopStatementsPerReply: [],
    pgCpuPct: 10,
    lost: 0,
    lostDetail: { mismatched: 0, missing: 0, checked: concurrency },
    status5xx: 0,
    errors: {},
    generatorCpuPct: 20,
    generatorEldP99Ms: 10,
    machineBusyPct: 60,
    othersPct: 0,
    loadAverage: 1,
    ...overrides,
  };
}

describe('bench:load knee', () => {
  it('is between the last level with p99 gap ≤ 250 ms and the first above it, in concurrency order', () => {
    const knee = findKnee([level(500, 400), level(100, 60), level(250, 240), level(1000, 900)]);
    expect([knee.lastGood, knee.firstBad]).toEqual([250, 500]);
  });

  it('has no first bad level when every level holds, and counts a level without gaps (NaN) as bad', () => {
    expect(findKnee([level(100, 60), level(500, 250)]).firstBad).toBeUndefined();
    expect(findKnee([level(100, 60), level(500, Number.NaN)]).firstBad).toBe(500);
  });

  it('names what saturated at the lowest level where anything did', () => {
    const saturated = level(500, 400, { instances: [level(1, 0).instances[0]!, { ...level(1, 0).instances[0]!, cpuPct: 97 }], redisCpuPct: 85 });
    const knee = findKnee([level(100, 60), saturated, level(1000, 900, { pgCpuPct: 95 })]);
    expect(knee.saturatesFirst).toEqual({ concurrency: 500, resources: ['server CPU (one core per instance)', 'Redis CPU'] });
    expect(signals(level(100, 60)).filter((s) => s.saturated)).toEqual([]);
  });

  it('runs required levels always and optional ones only until the knee is passed', () => {
    expect(shouldRun(750, [100, 500, 1000], [level(100, 60), level(500, 400)])).toBe(false);
    expect(shouldRun(1000, [100, 500, 1000], [level(100, 60), level(500, 400)])).toBe(true);
    expect(shouldRun(250, [100, 500, 1000], [level(100, 60)])).toBe(true);
  });
});

describe('bench:load SSE framing', () => {
  it('splits complete events from an incomplete rest and reads id and data', () => {
    const { blocks, rest } = sseBlocks('id: 0\ndata: {"a":1}\n\n: keep-alive\n\nid: 1\ndata: {"b"');
    expect(rest).toBe('id: 1\ndata: {"b"');
    expect(blocks.map(parseSseBlock)).toEqual([
      { id: '0', data: '{"a":1}' },
      { id: undefined, data: '' },
    ]);
    expect(parseSseBlock('data:x\ndata: y')).toEqual({ id: undefined, data: 'x\ny' });
  });
});

describe('bench:load CPU profile summary', () => {
  it('attributes sample time to functions and modules, shares of the busy time', () => {
    const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 9 });
    const summary = summariseProfile({
      nodes: [
        { id: 1, callFrame: frame('(idle)', '') },
        { id: 2, callFrame: frame('xadd', 'file:///work/node_modules/.pnpm/ioredis@6.0.0/node_modules/ioredis/built/Redis.js') },
        { id: 3, callFrame: frame('send', 'file:///work/main/packages/agent-server/dist/runtime/turn-body.js') },
      ],
      startTime: 0,
      endTime: 10,
      samples: [1, 2, 2, 3, 1],
      timeDeltas: [0, 1000, 1000, 1000, 1000],
    });
    expect(summary.idlePct).toBe(25);
    expect(summary.top).toEqual([
      { name: 'xadd', where: 'ioredis built/Redis.js:10', selfMs: 2, pct: (2 / 3) * 100 },
      { name: 'send', where: '@x/agent-server runtime/turn-body.js:10', selfMs: 1, pct: (1 / 3) * 100 },
    ]);
    expect(moduleOf('node:internal/webstreams/readablestream', 'read')).toBe('node:internal/webstreams');
    expect(moduleOf('', '(garbage collector)')).toBe('(garbage collector)');
  });
});

describe('bench:load read-back', () => {
  const history = (activeRunId: string | null, messages: Array<{ role: 'user' | 'assistant'; texts: string[] }>) =>
    ({
      conversation: { id: 'c1', activeRunId },
      messages: messages.map((m, i) => ({ id: `m${i}`, role: m.role, parts: [...m.texts.map((text) => ({ type: 'text', text })), { type: 'step-start' }] })),
      prevCursor: null,
    }) as unknown as ConversationHistory;

  it("is the newest reply's text once the run ended, nothing while it runs or before a reply is saved", () => {
    expect(storedReplyText(history(null, [{ role: 'user', texts: ['Go'] }, { role: 'assistant', texts: ['tok ', 'tok '] }]))).toBe('tok tok ');
    expect(storedReplyText(history('run-1', [{ role: 'user', texts: ['Go'] }, { role: 'assistant', texts: ['tok '] }]))).toBeUndefined();
    expect(storedReplyText(history(null, [{ role: 'user', texts: ['Go'] }]))).toBeUndefined();
    expect(storedReplyText(undefined)).toBeUndefined();
  });
});
