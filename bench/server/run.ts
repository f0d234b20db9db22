/**
 * `pnpm bench:server [--rounds=7] [--deltas=20000] [--skip=v3,v4 | --only=v1,v2] [--sequential=10000] [--out=DIR]
 *   [--v2-tokens=300] [--v2-interval=10] [--v2-parallel=4] [--v5-runs=1000]`
 *
 * V1 CPU per delta (in this process, interleaved), V2 the same through a real provider package
 * against a loopback fake OpenAI-compatible server, V3 concurrency and V4 slow / aborting clients +
 * sequential streams (target server and load generator in separate processes, loopback only), V5
 * resumable runs (run log CPU, resume and stop latency, heap; `./v5.ts`, with its own redis-server).
 * Writes server.json and server.md (V1–V4) and server-v5.json / server-v5.md (V5) to `--out`
 * (default bench/results); `--only=v5` writes only the V5 files. Prints numbers; gates nothing.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { bootstrapCI, fmt, median, shuffled } from '../render/stats.ts';
import { CPU_CONTENDERS, measureCpu, measureTtfb, type CpuContender, type CpuSample } from './cpu.ts';
import { measureV2, measureV2Ttfb, startFakeOpenAI, v2Routes, V2_CONTENDERS, type V2Contender, type V2Sample } from './v2.ts';
import { v5Cpu, v5Heap, v5Resume, v5Stop, V5_CONTENDERS, withRedis } from './v5.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const argv = process.argv.slice(2);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const rounds = Number(option('rounds') ?? 7);
const deltas = Number(option('deltas') ?? 20_000);
const SUITES = ['v1', 'v2', 'v3', 'v4', 'v5'] as const;
const only = option('only')?.split(',');
const skip = new Set<string>([...(option('skip')?.split(',') ?? []), ...(only ? SUITES.filter((s) => !only.includes(s)) : [])]);
const unknown = [...(option('skip')?.split(',') ?? []), ...(only ?? [])].filter((s) => !(SUITES as readonly string[]).includes(s));
if (unknown.length > 0) throw new Error(`unknown suite(s) ${unknown.join(', ')}: use ${SUITES.join(', ')}`);
const sequentialCount = Number(option('sequential') ?? 10_000); // method §5.7: 10k sequential streams
const TTFB_CALLS = 15;
const v2Tokens = Number(option('v2-tokens') ?? 300);
const v2IntervalMs = Number(option('v2-interval') ?? 10);
const v2Parallel = Number(option('v2-parallel') ?? 4);
const outDir = path.resolve(option('out') ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'results'));
const v5Runs = Number(option('v5-runs') ?? 1000);
const concurrencyLevels = (option('concurrency') ?? '50,200,500').split(',').map(Number);
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

async function v1() {
  const samples = Object.fromEntries(CPU_CONTENDERS.map((c) => [c, [] as CpuSample[]])) as Record<CpuContender, CpuSample[]>;
  const ttfbLane = Object.fromEntries(CPU_CONTENDERS.map((c) => [c, [] as number[]])) as Record<CpuContender, number[]>;
  for (const c of CPU_CONTENDERS) await measureCpu(c, Math.min(deltas, 5000)); // warm-up (JIT)
  for (let round = 0; round < rounds; round++) {
    for (const c of shuffled(CPU_CONTENDERS)) {
      (globalThis as { gc?: () => void }).gc?.();
      const s = await measureCpu(c, deltas);
      samples[c].push(s);
    }
    // TTFB lane: 15 short streams per contender, interleaved call by call; the round's median.
    const ttfbs = Object.fromEntries(CPU_CONTENDERS.map((c) => [c, [] as number[]])) as Record<CpuContender, number[]>;
    for (let k = 0; k < TTFB_CALLS; k++) for (const c of shuffled(CPU_CONTENDERS)) ttfbs[c].push(await measureTtfb(c));
    for (const c of CPU_CONTENDERS) ttfbLane[c].push(median(ttfbs[c]));
    log(`V1 round ${round + 1}: ${CPU_CONTENDERS.map((c) => `${c} ${fmt(samples[c].at(-1)?.usPerDelta ?? Number.NaN)} µs, TTFB ${fmt(ttfbLane[c].at(-1) ?? Number.NaN)} ms`).join('; ')}`);
  }
  const paired = (a: CpuContender, b: CpuContender, key: keyof CpuSample = 'usPerDelta') => {
    const ratios = samples[a].map((s, i) => s[key] / (samples[b][i]?.[key] ?? Number.NaN));
    return { median: median(ratios), ci: bootstrapCI(ratios) };
  };
  const ttfbDelta = ttfbLane.kit.map((t, i) => t - (ttfbLane.raw[i] ?? Number.NaN));
  return {
    deltas,
    rounds,
    usPerDelta: Object.fromEntries(CPU_CONTENDERS.map((c) => [c, median(samples[c].map((s) => s.usPerDelta))])),
    wallUsPerDelta: Object.fromEntries(CPU_CONTENDERS.map((c) => [c, median(samples[c].map((s) => s.wallUsPerDelta))])),
    ttfbMs: Object.fromEntries(CPU_CONTENDERS.map((c) => [c, median(ttfbLane[c])])),
    ttfbLane,
    kitVsRaw: paired('kit', 'raw'),
    kitVsAgent: paired('kit', 'agent'),
    kitPersistVsRaw: paired('kit-persist', 'raw'),
    kitPersistVsAgent: paired('kit-persist', 'agent'),
    kitPoliciesVsTools: paired('kit-policies', 'kit-tools'),
    agentVsRaw: paired('agent', 'raw'),
    rawVsFloor: paired('raw', 'floor'),
    kitTtfbMinusRawMs: { median: median(ttfbDelta), ci: bootstrapCI(ttfbDelta) },
    samples,
  };
}

async function v2() {
  const fake = await startFakeOpenAI();
  try {
    const routes = v2Routes(fake.port, v2Tokens, v2IntervalMs);
    const shortRoutes = v2Routes(fake.port, 5, v2IntervalMs);
    const samples = Object.fromEntries(V2_CONTENDERS.map((c) => [c, [] as V2Sample[]])) as Record<V2Contender, V2Sample[]>;
    const firstByte = Object.fromEntries(V2_CONTENDERS.map((c) => [c, [] as number[]])) as Record<V2Contender, number[]>;
    const firstDelta = Object.fromEntries(V2_CONTENDERS.map((c) => [c, [] as number[]])) as Record<V2Contender, number[]>;
    for (const c of V2_CONTENDERS) await measureV2(routes[c], v2Parallel, v2Tokens); // warm-up (JIT, connections)
    for (let round = 0; round < rounds; round++) {
      for (const c of shuffled(V2_CONTENDERS)) {
        (globalThis as { gc?: () => void }).gc?.();
        samples[c].push(await measureV2(routes[c], v2Parallel, v2Tokens));
      }
      // TTFB lane: 7 short streams per contender, one at a time, interleaved; the round's medians.
      const lane = Object.fromEntries(V2_CONTENDERS.map((c) => [c, { byte: [] as number[], delta: [] as number[] }])) as Record<V2Contender, { byte: number[]; delta: number[] }>;
      for (let k = 0; k < 7; k++) {
        for (const c of shuffled(V2_CONTENDERS)) {
          const t = await measureV2Ttfb(shortRoutes[c]);
          lane[c].byte.push(t.firstByteMs);
          lane[c].delta.push(t.firstDeltaMs);
        }
      }
      for (const c of V2_CONTENDERS) {
        firstByte[c].push(median(lane[c].byte));
        firstDelta[c].push(median(lane[c].delta));
      }
      log(
        `V2 round ${round + 1}: ${V2_CONTENDERS.map((c) => `${c} ${fmt(samples[c].at(-1)?.usPerDelta ?? Number.NaN)} µs, TTFB ${fmt(firstByte[c].at(-1) ?? Number.NaN)} / ${fmt(firstDelta[c].at(-1) ?? Number.NaN)} ms`).join('; ')}`,
      );
    }
    const paired = (a: V2Contender, b: V2Contender) => {
      const ratios = samples[a].map((s, i) => s.usPerDelta / (samples[b][i]?.usPerDelta ?? Number.NaN));
      return { median: median(ratios), ci: bootstrapCI(ratios) };
    };
    const minus = (lane: Record<V2Contender, number[]>) => {
      const d = lane.kit.map((t, i) => t - (lane.raw[i] ?? Number.NaN));
      return { median: median(d), ci: bootstrapCI(d) };
    };
    return {
      tokens: v2Tokens,
      intervalMs: v2IntervalMs,
      parallel: v2Parallel,
      rounds,
      usPerDelta: Object.fromEntries(V2_CONTENDERS.map((c) => [c, median(samples[c].map((s) => s.usPerDelta))])) as Record<V2Contender, number>,
      firstByteMs: Object.fromEntries(V2_CONTENDERS.map((c) => [c, median(firstByte[c])])) as Record<V2Contender, number>,
      firstDeltaMs: Object.fromEntries(V2_CONTENDERS.map((c) => [c, median(firstDelta[c])])) as Record<V2Contender, number>,
      lanes: { firstByte, firstDelta },
      kitVsRaw: paired('kit', 'raw'),
      kitVsAgent: paired('kit', 'agent'),
      agentVsRaw: paired('agent', 'raw'),
      kitTtfbMinusRawMs: minus(firstByte),
      kitFirstDeltaMinusRawMs: minus(firstDelta),
      samples,
    };
  } finally {
    fake.stop();
  }
}

async function startTarget() {
  const child = spawn(process.execPath, ['--expose-gc', path.join(here, 'target.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`target exited (${code})`)));
  });
  return { port: (JSON.parse(line) as { port: number }).port, stop: () => child.stdin.end() };
}

async function load(plan: Record<string, unknown>): Promise<Record<string, number>> {
  const child = spawn(process.execPath, [path.join(here, 'load.ts'), JSON.stringify(plan)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`load generator exited ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Record<string, number>;
}

const ROUTES = { raw: '/raw/chat', kit: '/api/agent/bench' } as const;

async function v3(port: number) {
  // Warm-up: JIT and lazy module loading of both routes before anything is measured.
  for (const contender of ['raw', 'kit'] as const) await load({ mode: 'concurrency', port, path: ROUTES[contender], clients: 20, staggerMs: 200, deadlineMs: 30_000 });
  const runs: Array<{ contender: 'raw' | 'kit'; clients: number; round: number } & Record<string, number | string>> = [];
  for (const clients of concurrencyLevels) {
    for (let round = 0; round < 2; round++) {
      for (const contender of shuffled(['raw', 'kit'] as const)) {
        // 1,000 deltas at 100 tok/s take 10 s; a stream not done after 25 s counts as not completed.
        const r = await load({ mode: 'concurrency', port, path: ROUTES[contender], clients, staggerMs: 1000, deadlineMs: 25_000 });
        runs.push({ contender, clients, round, ...r });
        log(
          `V3 C=${clients} ${contender}: gap p99 ${fmt(r.gapP99Ms ?? Number.NaN)} ms, loop p99 ${fmt(r.elP99Ms ?? Number.NaN)} ms, ` +
            `RSS/stream ${fmt(r.rssPerStreamKB ?? Number.NaN)} KB, completed ${r.completed}/${clients}, CPU ${fmt(r.serverCpuPct ?? Number.NaN)}%`,
        );
      }
    }
  }
  return runs;
}

async function v4(port: number) {
  const mixed: Record<string, Record<string, number>> = {};
  for (const contender of ['raw', 'kit'] as const) {
    const p = contender === 'kit' ? '/fast/agent/bench?deltas=5000' : '/raw-fast/chat?deltas=5000';
    mixed[contender] = await load({ mode: 'mixed', port, path: p, clients: 50, slowShare: 0.2, abortShare: 0.2, deadlineMs: 60_000 });
    log(`V4 mixed ${contender}: ${JSON.stringify(mixed[contender])}`);
  }
  const sequential = await load({
    mode: 'sequential',
    port,
    path: '/fast/agent/bench?deltas=50',
    count: sequentialCount,
    deadlineMs: Math.max(120_000, sequentialCount * 60),
  });
  log(`V4 sequential kit: ${JSON.stringify(sequential)}`);
  return { mixed, sequential };
}

const ok = (met: boolean) => (met ? '✅ met' : '❌ not met');

function saturation(runs: Awaited<ReturnType<typeof v3>>, contender: 'raw' | 'kit'): number {
  // Largest tested C whose median p99 chunk gap stays ≤ 2× the nominal 10 ms.
  let sat = 0;
  for (const c of concurrencyLevels) {
    const gaps = runs.filter((r) => r.contender === contender && r.clients === c).map((r) => Number(r.gapP99Ms));
    if (median(gaps) <= 20) sat = c;
  }
  return sat;
}

async function main() {
  const result: Record<string, unknown> = {};
  const md: string[] = [];
  const meta = {
    date: new Date().toISOString(),
    machine: `${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
    node: process.version,
    ai: '7.0.173',
  };
  md.push('# Server benchmark', '', `${meta.date} · ${meta.machine} · Node ${meta.node} · ai ${meta.ai} · load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`, '');

  if (!skip.has('v1')) {
    log('V1: CPU per delta');
    const cpu = await v1();
    result.v1 = cpu;
    md.push(
      `## V1 — CPU per text delta (${cpu.deltas} deltas, pull-based MockLanguageModelV4, ${cpu.rounds} interleaved rounds, one process)`,
      '',
      '| contender | CPU µs/delta (median) | wall µs/delta | TTFB ms (median of rounds; each round the median of 15 short streams) |',
      '|---|---|---|---|',
      ...CPU_CONTENDERS.map((c) => `| ${c} | ${fmt(cpu.usPerDelta[c] as number)} | ${fmt(cpu.wallUsPerDelta[c] as number)} | ${fmt(cpu.ttfbMs[c] as number)} |`),
      '',
      '| paired ratio | median [95% CI] | target |',
      '|---|---|---|',
      `| kit / raw AI SDK Response | ${fmt(cpu.kitVsRaw.median)} [${fmt(cpu.kitVsRaw.ci[0])}–${fmt(cpu.kitVsRaw.ci[1])}] | ≤ 1.10 ${ok(cpu.kitVsRaw.median <= 1.1)} |`,
      `| kit / createAgentUIStreamResponse | ${fmt(cpu.kitVsAgent.median)} [${fmt(cpu.kitVsAgent.ci[0])}–${fmt(cpu.kitVsAgent.ci[1])}] | ≤ 1.05 ${ok(cpu.kitVsAgent.median <= 1.05)} |`,
      `| createAgentUIStreamResponse / raw | ${fmt(cpu.agentVsRaw.median)} [${fmt(cpu.agentVsRaw.ci[0])}–${fmt(cpu.agentVsRaw.ci[1])}] | report |`,
      `| raw / floor | ${fmt(cpu.rawVsFloor.median)} [${fmt(cpu.rawVsFloor.ci[0])}–${fmt(cpu.rawVsFloor.ci[1])}] | report |`,
      `| kit TTFB − raw TTFB (ms) | ${fmt(cpu.kitTtfbMinusRawMs.median)} [${fmt(cpu.kitTtfbMinusRawMs.ci[0])}–${fmt(cpu.kitTtfbMinusRawMs.ci[1])}] | ≤ 1 ms ${ok(cpu.kitTtfbMinusRawMs.median <= 1)} |`,
      `| kit-persist (onFinish hook) / raw | ${fmt(cpu.kitPersistVsRaw.median)} [${fmt(cpu.kitPersistVsRaw.ci[0])}–${fmt(cpu.kitPersistVsRaw.ci[1])}] | report (the reply is also accumulated for the hook) |`,
      `| kit-persist / createAgentUIStreamResponse | ${fmt(cpu.kitPersistVsAgent.median)} [${fmt(cpu.kitPersistVsAgent.ci[0])}–${fmt(cpu.kitPersistVsAgent.ci[1])}] | report |`,
      `| kit-policies (12 tool policies) / kit-tools (same tools, none) | ${fmt(cpu.kitPoliciesVsTools.median)} [${fmt(cpu.kitPoliciesVsTools.ci[0])}–${fmt(cpu.kitPoliciesVsTools.ci[1])}] | ≤ 1.05 ${ok(cpu.kitPoliciesVsTools.median <= 1.05)} |`,
      '',
    );
  }

  if (!skip.has('v2')) {
    log('V2: realistic provider path (@ai-sdk/openai → loopback fake OpenAI server)');
    const r = await v2();
    result.v2 = r;
    const row = (label: string, x: { median: number; ci: [number, number] }, target: string) => `| ${label} | ${fmt(x.median)} [${fmt(x.ci[0])}–${fmt(x.ci[1])}] | ${target} |`;
    md.push(
      `## V2 — realistic provider path (@ai-sdk/openai Chat Completions → loopback fake OpenAI server in its own process, recorded-shaped SSE, ${r.tokens} tokens at ${
        r.intervalMs > 0 ? `${fmt(1000 / r.intervalMs, 0)} tok/s` : 'no pacing'
      }, ${r.parallel} streams per sample, ${r.rounds} interleaved rounds)`,
      '',
      '| contender | CPU µs/delta (median) | TTFB ms: first byte / first text delta (short streams one at a time, median of rounds) |',
      '|---|---|---|',
      ...V2_CONTENDERS.map((c) => `| ${c} | ${fmt(r.usPerDelta[c])} | ${fmt(r.firstByteMs[c])} / ${fmt(r.firstDeltaMs[c])} |`),
      '',
      '| paired ratio | median [95% CI] | target (as V1) |',
      '|---|---|---|',
      row('kit / raw AI SDK Response', r.kitVsRaw, `≤ 1.10 ${ok(r.kitVsRaw.median <= 1.1)}`),
      row('kit / createAgentUIStreamResponse', r.kitVsAgent, `≤ 1.05 ${ok(r.kitVsAgent.median <= 1.05)}`),
      row('createAgentUIStreamResponse / raw', r.agentVsRaw, 'report'),
      row('kit TTFB − raw TTFB (ms), first byte', r.kitTtfbMinusRawMs, `≤ 1 ms ${ok(r.kitTtfbMinusRawMs.median <= 1)}`),
      row('kit − raw (ms), first text delta', r.kitFirstDeltaMinusRawMs, `≤ 1 ms ${ok(r.kitFirstDeltaMinusRawMs.median <= 1)}`),
      '',
    );
  }

  if (!skip.has('v3') || !skip.has('v4')) {
    const target = await startTarget();
    try {
      if (!skip.has('v3')) {
        log('V3: concurrency');
        const runs = await v3(target.port);
        result.v3 = runs;
        const med = (contender: string, clients: number, key: string) =>
          median(runs.filter((r) => r.contender === contender && r.clients === clients).map((r) => Number(r[key])));
        const satRaw = saturation(runs, 'raw');
        const satKit = saturation(runs, 'kit');
        md.push(
          '## V3 — concurrency at 100 tok/s (1,000 deltas per stream = 10 s nominal, starts staggered over 1 s, 25 s deadline; separate load-generator process on the same 2 cores; median of 2 interleaved runs)',
          '',
          '| C | route | completed | chunk gap p50 / p99 (ms, nominal 10) | event-loop delay p99 (ms) | RSS per stream (KB) | server CPU % | load-generator CPU % | TTFB p50 / p99 (ms) |',
          '|---|---|---|---|---|---|---|---|---|',
          ...concurrencyLevels.flatMap((c) =>
            (['raw', 'kit'] as const).map(
              (k) =>
                `| ${c} | ${k} | ${fmt(med(k, c, 'completed'), 0)} | ${fmt(med(k, c, 'gapP50Ms'))} / ${fmt(med(k, c, 'gapP99Ms'))} | ${fmt(med(k, c, 'elP99Ms'))} | ${fmt(
                  med(k, c, 'rssPerStreamKB'),
                )} | ${fmt(med(k, c, 'serverCpuPct'))} | ${fmt(med(k, c, 'loadGenCpuPct'))} | ${fmt(med(k, c, 'ttfbP50Ms'))} / ${fmt(med(k, c, 'ttfbP99Ms'))} |`,
            ),
          ),
          '',
          `- Saturation C (largest tested C with p99 gap ≤ 2 × 10 ms): raw ${satRaw || '< ' + concurrencyLevels[0]}, kit ${satKit || '< ' + concurrencyLevels[0]} → ${
            satRaw === 0 && satKit === 0
              ? 'not determined: both exceed 20 ms already at the smallest C (compare the p99 gaps row by row)'
              : `kit/raw ≥ 0.9: ${ok(satKit >= 0.9 * satRaw)}`
          }`,
          `- Event-loop delay p99 at C = 200, kit: ${fmt(med('kit', 200, 'elP99Ms'))} ms (gate ≤ 20 ms: ${ok(med('kit', 200, 'elP99Ms') <= 20)})`,
          ...concurrencyLevels.map((c) => {
            const ratio = med('kit', c, 'rssPerStreamKB') / med('raw', c, 'rssPerStreamKB');
            return `- RSS per stream kit/raw at C = ${c}: ${fmt(ratio)} (target ≤ 1.2: ${ok(ratio <= 1.2)}; RSS deltas of a few MB are noisy)`;
          }),
          '',
        );
      }
      if (!skip.has('v4')) {
        log('V4: slow and aborting clients, sequential streams');
        const r = await v4(target.port);
        result.v4 = r;
        const m = r.mixed;
        md.push(
          '## V4 — slow and aborting clients, then sequential streams',
          '',
          '50 clients on an unpaced ~5,000-delta reply: 20% read 16 KB per 100 ms, 20% abort after 40–60 KB (AbortSignal.any), 60% read normally.',
          '',
          '| route | normal done | slow done | aborted | reply KB | RSS start → peak (MB) | heap start → peak → after GC (MB) | open streams after |',
          '|---|---|---|---|---|---|---|---|',
          ...(['raw', 'kit'] as const).map((k) => {
            const x = m[k] as Record<string, number>;
            return `| ${k} | ${x.normalCompleted} | ${x.slowCompleted} | ${x.aborted} | ${fmt(x.replyKB ?? Number.NaN)} | ${fmt(x.rssStartMB ?? Number.NaN)} → ${fmt(
              x.rssPeakMB ?? Number.NaN,
            )} | ${fmt(x.heapStartMB ?? Number.NaN)} → ${fmt(x.heapPeakMB ?? Number.NaN)} → ${fmt(x.heapEndMB ?? Number.NaN)} | ${x.openStreamsAfter} |`;
          }),
          '',
          `Sequential: ${r.sequential.streams} kit streams (50 deltas each, ${r.sequential.failed} failed) after 100 warm-up streams: heap after GC ${fmt(
            r.sequential.heapStartMB ?? Number.NaN,
          )} → ${fmt(r.sequential.heapMidMB ?? Number.NaN)} (half-way) → ${fmt(r.sequential.heapEndMB ?? Number.NaN)} MB (${fmt(
            r.sequential.heapGrowthPct ?? Number.NaN,
          )}% overall, ${fmt(r.sequential.heapGrowthSecondHalfPct ?? Number.NaN)}% in the second half; target within 5%: ${ok(
            // Only growth fails: a heap that ends below its start (the mixed run's leftovers and
            // code flushed later) leaked nothing.
            (r.sequential.heapGrowthPct ?? Number.POSITIVE_INFINITY) <= 5,
          )}), open streams after: ${r.sequential.openStreamsAfter}. Growth that stops in the second half is warm-up (JIT, caches); growth that continues is a leak.`,
          '',
          `Heap after GC per 1,000 streams: ${((r.sequential as unknown as { checkpoints?: Array<{ streams: number; heapUsedMB: number }> }).checkpoints ?? [])
            .map((c) => `${c.streams}: ${fmt(c.heapUsedMB)} MB`)
            .join(' → ')}.`,
          '',
        );
      }
    } finally {
      target.stop();
    }
  }
  md.push('V5 (resumable runs: run log CPU, resume and stop latency, heap; memory and Redis): `server-v5.md`.', '');
  mkdirSync(outDir, { recursive: true });
  if (SUITES.some((s) => s !== 'v5' && !skip.has(s))) {
    writeFileSync(path.join(outDir, 'server.json'), JSON.stringify({ meta, ...result }, null, 1));
    writeFileSync(path.join(outDir, 'server.md'), md.join('\n'));
    console.log(`\n${md.join('\n')}`);
    log(`wrote ${path.join(outDir, 'server.json')} and server.md`);
  }
  if (!skip.has('v5')) await v5(meta);
}

async function v5(meta: Record<string, string>) {
  const loadStart = os.loadavg();
  const r = await withRedis(async () => {
    log('V5a: CPU per delta, no run log / memoryRunLog / redisRunLog');
    const cpu = await v5Cpu(deltas, rounds, log);
    // Paced like a provider's network reads (each delta its own macrotask), so the Redis log's
    // batching window sees a realistic stream instead of one burst.
    const paced = await v5Cpu(2_000, rounds, log, 1);
    log('V5b: reload → first resumed chunk');
    const resume = await v5Resume(Math.max(3, Math.ceil(rounds / 2)), 30, log);
    log('V5c: heap around finished runs');
    const heap = await v5Heap(v5Runs, log);
    log('V5d: stop latency');
    const stop = await v5Stop(Math.max(3, Math.ceil(rounds / 2)), 10, log);
    return { cpu, paced, resume, heap, stop };
  });
  const { cpu, paced, resume, heap, stop } = r;
  const ci = (x: { median: number; ci: [number, number] }) => `${fmt(x.median)} [${fmt(x.ci[0])}–${fmt(x.ci[1])}]`;
  const command = `pnpm build && pnpm bench:server --only=v5${rounds !== 7 ? ` --rounds=${rounds}` : ''}${deltas !== 20_000 ? ` --deltas=${deltas}` : ''}${v5Runs !== 1000 ? ` --v5-runs=${v5Runs}` : ''}`;
  const md = [
    '# Server benchmark V5 — resumable, stoppable runs',
    '',
    `${meta.date} · ${meta.machine} · Node ${meta.node} · ai ${meta.ai} · Redis ${redisVersion()} on 127.0.0.1 (started by the bench, no persistence) · load average at start ${loadStart.map((l) => l.toFixed(2)).join(' ')}, at end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    '',
    `Command: \`${command}\`. One process; every lane's server has \`memoryStore()\`, so the lanes differ only in the run log: \`none\` (a log that keeps nothing — the kit's run plumbing without storage), \`memoryRunLog()\`, \`redisRunLog()\`.`,
    '',
    `## (a) CPU per text delta (${cpu.deltas} deltas, pull-based mock model, ${cpu.rounds} interleaved rounds; the log's writes until \`end()\` resolves are counted)`,
    '',
    '| run log | CPU µs/delta (median) |',
    '|---|---|',
    ...V5_CONTENDERS.map((c) => `| ${c} | ${fmt(cpu.usPerDelta[c])} |`),
    '',
    '| paired ratio | median [95% CI] | target |',
    '|---|---|---|',
    `| memory / none | ${ci(cpu.memoryVsNone)} | ≤ 1.10 ${ok(cpu.memoryVsNone.median <= 1.1)} |`,
    `| redis / none | ${ci(cpu.redisVsNone)} | ≤ 1.25 ${ok(cpu.redisVsNone.median <= 1.25)} |`,
    '',
    `Redis commands per 1,000 deltas (\`INFO commandstats\`, redis lane): ${Object.entries(cpu.redisCommandsPer1k)
      .map(([name, n]) => `${name} ${fmt(n)}`)
      .join(', ')}. An unpaced mock stream never yields to the event loop, so the log's 10 ms batch collects up to 64 KB per XADD.`,
    '',
    `### (a2) the same, paced: ${paced.deltas} deltas, ${paced.intervalMs} ms apart (each delta its own macrotask, like a provider's network reads), ${paced.rounds} interleaved rounds`,
    '',
    '| run log | CPU µs/delta (median) |',
    '|---|---|',
    ...V5_CONTENDERS.map((c) => `| ${c} | ${fmt(paced.usPerDelta[c])} |`),
    '',
    '| paired ratio | median [95% CI] | target |',
    '|---|---|---|',
    `| memory / none | ${ci(paced.memoryVsNone)} | ≤ 1.10 ${ok(paced.memoryVsNone.median <= 1.1)} |`,
    `| redis / none | ${ci(paced.redisVsNone)} | ≤ 1.25 ${ok(paced.redisVsNone.median <= 1.25)} |`,
    '',
    `Redis commands per 1,000 deltas: ${Object.entries(paced.redisCommandsPer1k)
      .map(([name, n]) => `${name} ${fmt(n)}`)
      .join(', ')}.`,
    '',
    `## (b) Reload → first resumed chunk (\`GET …/stream\` with \`Last-Event-ID\` 0–150 chunks back, while a 3,000-delta turn streams at 500 deltas/s; ${resume.samples.memory.length} / ${resume.samples.redis.length} resumes after one discarded warm-up per lane; Redis: on a second instance)`,
    '',
    '| run log | p50 ms | p99 ms | target |',
    '|---|---|---|---|',
    `| memory | ${fmt(resume.p50.memory)} | ${fmt(resume.p99.memory)} | ≤ 50 ms ${ok(resume.p99.memory <= 50)} |`,
    `| redis | ${fmt(resume.p50.redis)} | ${fmt(resume.p99.redis)} | ≤ 100 ms ${ok(resume.p99.redis <= 100)} |`,
    '',
    `## (c) Heap after GC around ${heap.runs} finished runs (50 deltas each, conversation deleted after each run, \`expireAfterMs: 200\` waited out; after 100 warm-up runs)`,
    '',
    '| run log | before MB | after MB | growth | target |',
    '|---|---|---|---|---|',
    ...(['memory', 'redis'] as const).map((c) => `| ${c} | ${fmt(heap.beforeMB[c])} | ${fmt(heap.afterMB[c])} | ${fmt(heap.growthPct[c], 1)}% | within 5% ${ok(heap.growthPct[c] <= 5)} |`),
    '',
    `## (d) Stop latency (\`POST …/stop\` → the turn's stream ended; 5 ms per delta, stopped after 20 chunks; ${stop.samples.memory.length} / ${stop.samples.redis.length} stops after one discarded warm-up per lane; Redis: the stop sent to a second instance)`,
    '',
    '| run log | p50 ms | p99 ms | target |',
    '|---|---|---|---|',
    `| memory | ${fmt(stop.p50.memory)} | ${fmt(stop.p99.memory)} | ≤ 500 ms ${ok(stop.p99.memory <= 500)} |`,
    `| redis | ${fmt(stop.p50.redis)} | ${fmt(stop.p99.redis)} | ≤ 500 ms ${ok(stop.p99.redis <= 500)} |`,
    '',
  ];
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'server-v5.json'), JSON.stringify({ meta, command, cpu, paced, resume, heap, stop }, null, 1));
  writeFileSync(path.join(outDir, 'server-v5.md'), md.join('\n'));
  console.log(`\n${md.join('\n')}`);
  log(`wrote ${path.join(outDir, 'server-v5.json')} and server-v5.md`);
}

function redisVersion(): string {
  try {
    return /v=(\S+)/.exec(execFileSync('redis-server', ['--version']).toString())?.[1] ?? '?';
  } catch {
    return '?';
  }
}

await main();
