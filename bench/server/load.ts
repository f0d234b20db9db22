/**
 * Load generator (V3/V4), its own process: `node load.ts '<json plan>'`; prints one JSON result line.
 *
 * - `concurrency`: C streams started evenly over `staggerMs`, each read to the end; client TTFB,
 *   the gaps between chunks (p50/p99, vs the nominal 10 ms), and the target's RSS sampled every
 *   250 ms (peak − before) and event-loop delay since the start.
 * - `mixed`: C clients on an unpaced large reply; a share read slowly (16 KB per 100 ms), a share
 *   aborts mid-stream (AbortSignal.any of its own controller and a timeout); the target's peak RSS and
 *   open streams after the run.
 * - `sequential`: N short streams one after the other; heap after GC at the start and the end.
 *
 * Only 127.0.0.1; every loop is bounded by count and a deadline.
 */
const plan = JSON.parse(process.argv[2] ?? '{}') as {
  mode: 'concurrency' | 'mixed' | 'sequential';
  port: number;
  path: string;
  clients?: number;
  staggerMs?: number;
  slowShare?: number;
  abortShare?: number;
  count?: number;
  deadlineMs?: number;
};

const base = `http://127.0.0.1:${plan.port}`;
const body = JSON.stringify({ id: 'c1', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }], trigger: 'submit-message' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const deadline = Date.now() + (plan.deadlineMs ?? 120_000);

function percentile(values: number[], p: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

interface Stats {
  elP99Ms: number;
  elMaxMs: number;
  rssMB: number;
  heapUsedMB: number;
  openStreams: number;
  cpu: { user: number; system: number };
}
const stats = async (reset = false): Promise<Stats> => (await fetch(`${base}/__stats${reset ? '?reset=1' : ''}`)).json() as Promise<Stats>;
const gc = async (): Promise<{ heapUsedMB: number; rssMB: number }> =>
  (await fetch(`${base}/__gc`, { method: 'POST' })).json() as Promise<{ heapUsedMB: number; rssMB: number }>;

interface StreamResult {
  ttfbMs: number;
  gaps: number[];
  bytes: number;
  ok: boolean;
  aborted: boolean;
}

async function stream(path: string, options: { slow?: boolean; abortAfterBytes?: number } = {}): Promise<StreamResult> {
  const controller = new AbortController();
  const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(Math.max(1000, deadline - Date.now()))]);
  const t0 = performance.now();
  const result: StreamResult = { ttfbMs: Number.NaN, gaps: [], bytes: 0, ok: false, aborted: false };
  try {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal });
    if (!response.body) return result;
    const reader = response.body.getReader();
    let last = Number.NaN;
    let sinceSleep = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      const now = performance.now();
      if (Number.isNaN(result.ttfbMs)) result.ttfbMs = now - t0;
      else result.gaps.push(now - last);
      last = now;
      result.bytes += next.value.byteLength;
      sinceSleep += next.value.byteLength;
      if (options.abortAfterBytes !== undefined && result.bytes >= options.abortAfterBytes) {
        controller.abort(new DOMException('client went away', 'AbortError'));
        result.aborted = true;
        await reader.cancel().catch(() => {});
        return result;
      }
      if (options.slow && sinceSleep >= 16_384) {
        sinceSleep = 0;
        await sleep(100);
      }
    }
    result.ok = response.ok;
  } catch {
    result.aborted = true;
  }
  return result;
}

async function concurrency() {
  const clients = plan.clients ?? 50;
  const stagger = plan.staggerMs ?? 1000;
  await stats(true);
  const before = await stats();
  const peaks = samplePeaks(before, deadline);
  const cpu0 = before.cpu;
  const ownCpu0 = process.cpuUsage();
  const t0 = Date.now();
  const runs = await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      await sleep((i * stagger) / clients);
      return stream(plan.path);
    }),
  );
  const wallS = (Date.now() - t0) / 1000;
  const { rssMB: peakRss } = await peaks.stop();
  const after = await stats();
  const gaps = runs.flatMap((r) => r.gaps);
  return {
    clients,
    completed: runs.filter((r) => r.ok).length,
    ttfbP50Ms: percentile(runs.map((r) => r.ttfbMs), 50),
    ttfbP99Ms: percentile(runs.map((r) => r.ttfbMs), 99),
    gapP50Ms: percentile(gaps, 50),
    gapP99Ms: percentile(gaps, 99),
    elP99Ms: after.elP99Ms,
    elMaxMs: after.elMaxMs,
    rssBeforeMB: before.rssMB,
    rssPeakMB: peakRss,
    rssPerStreamKB: ((peakRss - before.rssMB) * 1024) / clients,
    serverCpuPct: ((after.cpu.user + after.cpu.system - cpu0.user - cpu0.system) / 1e6 / wallS) * 100,
    loadGenCpuPct: (((c) => c.user + c.system)(process.cpuUsage(ownCpu0)) / 1e6 / wallS) * 100,
    wallS,
  };
}

async function mixed() {
  const clients = plan.clients ?? 50;
  const slowShare = plan.slowShare ?? 0.2;
  const abortShare = plan.abortShare ?? 0.2;
  const start = await gc();
  const peaks = samplePeaks(start, deadline);
  const runs = await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const kind = i / clients < slowShare ? 'slow' : i / clients < slowShare + abortShare ? 'abort' : 'normal';
      await sleep(i * 10);
      const r = await stream(plan.path, kind === 'slow' ? { slow: true } : kind === 'abort' ? { abortAfterBytes: 40_000 + i * 1000 } : {});
      return { kind, ...r };
    }),
  );
  const { rssMB: peakRss, heapUsedMB: peakHeap } = await peaks.stop();
  await sleep(500);
  const after = await stats();
  const end = await gc();
  return {
    clients,
    normalCompleted: runs.filter((r) => r.kind === 'normal' && r.ok).length,
    slowCompleted: runs.filter((r) => r.kind === 'slow' && r.ok).length,
    aborted: runs.filter((r) => r.aborted).length,
    replyKB: Math.max(...runs.map((r) => r.bytes)) / 1024,
    rssStartMB: start.rssMB,
    rssPeakMB: peakRss,
    heapStartMB: start.heapUsedMB,
    heapPeakMB: peakHeap,
    heapEndMB: end.heapUsedMB,
    openStreamsAfter: after.openStreams,
  };
}

async function sequential() {
  const count = plan.count ?? 2000;
  for (let i = 0; i < 100; i++) await stream(plan.path);
  const start = await gc();
  let done = 0;
  let failed = 0;
  let mid = start;
  // Heap after GC every 1,000 streams: growth that goes to 0 per 1,000 is warm-up, steady growth a leak.
  const checkpoints: Array<{ streams: number; heapUsedMB: number }> = [{ streams: 0, heapUsedMB: start.heapUsedMB }];
  for (let i = 0; i < count && Date.now() < deadline; i++) {
    if (i === Math.floor(count / 2)) mid = await gc();
    if (i > 0 && i % 1000 === 0) checkpoints.push({ streams: i, heapUsedMB: (await gc()).heapUsedMB });
    const r = await stream(plan.path);
    if (r.ok) done++;
    else failed++;
  }
  await sleep(200);
  const end = await gc();
  checkpoints.push({ streams: done + failed, heapUsedMB: end.heapUsedMB });
  const after = await stats();
  return {
    streams: done,
    failed,
    heapStartMB: start.heapUsedMB,
    heapEndMB: end.heapUsedMB,
    heapMidMB: mid.heapUsedMB,
    heapGrowthPct: ((end.heapUsedMB - start.heapUsedMB) / start.heapUsedMB) * 100,
    heapGrowthSecondHalfPct: ((end.heapUsedMB - mid.heapUsedMB) / mid.heapUsedMB) * 100,
    checkpoints,
    rssStartMB: start.rssMB,
    rssEndMB: end.rssMB,
    openStreamsAfter: after.openStreams,
  };
}

const result = plan.mode === 'concurrency' ? await concurrency() : plan.mode === 'mixed' ? await mixed() : await sequential();
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);

/** Samples the server's RSS and heap every 250 ms until stopped (or the deadline): their peaks. */
function samplePeaks(start: { rssMB: number; heapUsedMB: number }, deadline: number) {
  const peak = { rssMB: start.rssMB, heapUsedMB: start.heapUsedMB };
  let sampling = true;
  const loop = (async () => {
    while (sampling && Date.now() < deadline) {
      await sleep(250);
      const s = await stats();
      peak.rssMB = Math.max(peak.rssMB, s.rssMB);
      peak.heapUsedMB = Math.max(peak.heapUsedMB, s.heapUsedMB);
    }
  })();
  return {
    async stop() {
      sampling = false;
      await loop;
      return peak;
    },
  };
}
