/** `bench/results/load.md` from the run's result. */
import { KNEE_GAP_MS, signals, TARGET_RSS_KB, type Knee, type LevelResult } from './analysis.ts';
import type { ProfileSummary } from './profile.ts';

/** The idle event-stream subscribers' part of a run. */
export interface IdleResult {
  subscribers: number;
  opened: number;
  statuses: Record<string, number>;
  /** (RSS with the streams open − RSS before) ÷ open streams, over both instances. */
  rssKBPerIdleStream: number;
  eventsReceived: number;
  level?: LevelResult;
  /** The same concurrency without subscribers (the level run before), for comparison. */
  baseline?: LevelResult;
  note?: string;
}

export interface LoadReport {
  meta: {
    date: string;
    machine: string;
    node: string;
    postgres: string;
    command: string;
    loadAverageAtStart: number[];
    loadAverageAtEnd: number[];
    wallS: number;
    config: { deltas: number; intervalMs: number; staggerMs: number; generators: number; poolSize: number; users: number; streamDeadlineMs: number; nominalReplyMs: number };
  };
  levels: LevelResult[];
  knee: Knee;
  idle: IdleResult | undefined;
  profile: (ProfileSummary & { concurrency: number; rerun?: string }) | undefined;
  /** Candidate fixes measured with `--ab` (their `NAME.json` files beside this one), if any. */
  candidates?: Array<{ file: string; label: string; concurrency: number; ratios: Record<string, number>; status5xx: { default: number[]; variant: number[] } }>;
}

const fmt = (n: number | undefined, digits = 1) => (n !== undefined && Number.isFinite(n) ? n.toFixed(digits) : '–');
const pair = (values: number[], digits = 0) => values.map((v) => fmt(v, digits)).join(' / ');

function row(l: LevelResult, label = String(l.concurrency)): string {
  return `| ${label} | ${l.completed}/${l.started} | ${l.peakOpenStreams} | ${fmt(l.gapP50Ms)} / ${fmt(l.gapP99Ms)} | ${fmt(l.ttfbP50Ms)} / ${fmt(l.ttfbP99Ms)} | ${fmt(l.cpuMsPerChunk, 3)} | ${fmt(l.rssKBPerStream)} | ${pair(
    l.instances.map((i) => i.eldP99Ms),
  )} | ${fmt(l.redisOpsPerReply)} | ${fmt(l.pgStatementsPerReply)} (${fmt(l.pgXactPerReply)} tx) | ${l.lost} | ${l.status5xx} |`;
}

const HEADER = [
  '| C | done | peak open | gap p50 / p99 (ms) | TTFB p50 / p99 (ms) | CPU ms per chunk | RSS KB per open stream | ELD p99 A / B (ms) | Redis ops per reply | PG statements per reply (transactions) | lost | 5xx |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
];

export function renderReport(r: LoadReport): string {
  const { meta, levels, knee, idle, profile } = r;
  const c = meta.config;
  const ok = (met: boolean) => (met ? '✅' : '❌');
  const top = levels.at(-1);
  const md = [
    '# Load benchmark — concurrent replies on two server instances (issue 34)',
    '',
    `${meta.date} · ${meta.machine} · Node ${meta.node} · PostgreSQL ${meta.postgres} · Redis on 127.0.0.1 · load average at start ${meta.loadAverageAtStart.map((l) => l.toFixed(2)).join(' ')}, at end ${meta.loadAverageAtEnd
      .map((l) => l.toFixed(2))
      .join(' ')} · ${fmt(meta.wallS, 0)} s`,
    '',
    `Command: \`${meta.command}\` (\`pnpm build\` first: the instances run the packages' \`dist/\`).`,
    '',
    `Setup: a PostgreSQL and a Redis started by the bench on free loopback ports; two server instances, each its own Node process: \`createAgentServer\` + \`postgresStore\` (its \`pg\` pool: ${c.poolSize} connections, the store's default) + \`redisRunLog\`, \`onDisconnect: 'continue'\` (the default with a store), the kit's node adapter, a scripted \`MockLanguageModelV4\` streaming ${c.deltas} text deltas of 4 characters at 20 chunks/s (${c.intervalMs} ms apart: ${fmt(c.nominalReplyMs / 1000, 0)} s per reply). ${c.generators} load-generator processes start C replies (each a new conversation of one of ${c.users} users), alternately on instance A and B, spread evenly over ${fmt(c.staggerMs / 1000)} s, read every stream to its end (deadline ${fmt(c.streamDeadlineMs / 1000, 0)} s), then read every conversation back from the other instance and compare the stored reply with what was streamed. Everything shares the machine's two cores (servers, generators, PostgreSQL, Redis${meta.loadAverageAtStart[0]! > 2 ? ', and other work: see the load average' : ''}).`,
    '',
    '## Per level',
    '',
    ...HEADER,
    ...levels.map((l) => row(l)),
    ...(idle?.level ? [row(idle.level, `${idle.level.concurrency} + ${idle.opened} idle subscribers`)] : []),
    '',
    '- done: streams read to their end with 200 ÷ started (a stream not done by the deadline is cut; its run still ends and is saved). peak open: reply streams open at once over both instances — the concurrency reached; slow starts (TTFB) leave it below C.',
    '- gap: time between two deliveries of text on a stream (reads ≥ 1 ms apart), as the generator received them (nominal 50 ms). TTFB: request sent → first body byte.',
    '- CPU ms per chunk: both instances\' process CPU time (user + system) during the level ÷ SSE chunks the clients received (every chunk of every reply, not only text deltas).',
    '- RSS per open stream: Σ over instances (peak RSS sampled every 250 ms − RSS before the level) ÷ Σ peak open streams.',
    '- Per reply: ÷ the replies the servers accepted (started − 5xx − refused). Redis ops: `INFO commandstats` calls delta; PG statements: `pg_stat_statements` calls delta (the bench\'s own queries excluded), transactions: `pg_stat_database.xact_commit` delta (busy backends report it up to 1 s late).',
    '- lost: of the streams read to their end, conversations whose stored reply (read from the other instance once its run ended) differs from the streamed text, or has none. 5xx: answers ≥ 500 seen by the servers or the generators (streams and read-back).',
    '',
    '### Where the time goes, per level',
    '',
    '| C | server CPU A / B (% of a core) | CPU ms per reply | PG CPU % | Redis CPU % | pool waiters peak A / B | machine busy % (other work) | generators CPU % / ELD p99 ms | first text delta p50 / p99 (ms) | errors |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...[...levels, ...(idle?.level ? [idle.level] : [])].map(
      (l) =>
        `| ${l.concurrency}${l.idleSubscribers ? ` + ${l.idleSubscribers} idle` : ''} | ${pair(l.instances.map((i) => i.cpuPct))} | ${fmt(l.cpuMsPerReply)} | ${fmt(l.pgCpuPct, 0)} | ${fmt(l.redisCpuPct, 0)} | ${l.instances
          .map((i) => i.poolWaitingPeak)
          .join(' / ')} | ${fmt(l.machineBusyPct, 0)} (${fmt(l.othersPct, 0)}) | ${fmt(l.generatorCpuPct, 0)} / ${fmt(l.generatorEldP99Ms, 0)} | ${fmt(l.firstDeltaP50Ms, 0)} / ${fmt(l.firstDeltaP99Ms, 0)} | ${
          Object.entries(l.errors)
            .filter(([, n]) => n > 0)
            .map(([k, n]) => `${k} ${n}`)
            .join(', ') || '0'
        } |`,
    ),
    '',
  ];
  if (top) {
    md.push(
      `Redis commands per reply at C = ${top.concurrency}: ${Object.entries(top.redisByCommandPerReply)
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k} ${fmt(n)}`)
        .join(', ')}.`,
      '',
      `PostgreSQL at C = ${top.concurrency}: ${fmt(top.pgExecMsPerReply)} ms of statement execution per reply; the most called statements (per reply, mean execution ms): ${top.pgTopStatementsPerReply
        .map((s) => `\`${s.statement.replace(/`/g, "'")}…\` ${fmt(s.perReply)} × ${fmt(s.meanMs, 2)} ms`)
        .join('; ')}.`,
      '',
    );
  }
  md.push('## The knee', '');
  md.push(
    knee.firstBad === undefined
      ? `No level's p99 gap exceeded ${KNEE_GAP_MS} ms: the knee is above C = ${knee.lastGood}.`
      : knee.lastGood === 0
        ? `p99 gap exceeds ${KNEE_GAP_MS} ms already at the first level, C = ${knee.firstBad}: the knee is below it on this run (\`--levels=25,50,100\` looks there).`
        : `p99 gap exceeds ${KNEE_GAP_MS} ms between C = ${knee.lastGood} (the last level at or under it) and C = ${knee.firstBad}.`,
    '',
  );
  // A level whose streams never were all open at once (starts queued: TTFB) did not test its C.
  const capped = levels.filter((l) => l.peakOpenStreams < 0.9 * l.concurrency);
  if (capped.length > 0) {
    const most = Math.max(...levels.map((l) => l.peakOpenStreams));
    md.push(
      `Concurrency reached: at most ${most} reply streams were open at once (${capped.map((l) => `C = ${l.concurrency}: ${l.peakOpenStreams}`).join(', ')}). Past that the starts queue — TTFB grows instead of the gap — so the gap figures of those levels are those of about ${most} concurrent replies, not of C. The knee on this machine is where the starts begin to queue.`,
      '',
    );
  }
  if (knee.saturatesFirst) md.push(`Saturates first (the lowest level where a resource crossed its threshold, C = ${knee.saturatesFirst.concurrency}): ${knee.saturatesFirst.resources.join(', ')}.`, '');
  const at = levels.find((l) => l.concurrency === (knee.firstBad ?? top?.concurrency));
  if (at) {
    md.push(`Resources at C = ${at.concurrency}:`, '', '| resource | measure | saturated |', '|---|---|---|', ...signals(at).map((s) => `| ${s.resource} | ${s.value} | ${s.saturated ? 'yes' : 'no'} |`), '');
    if (at.othersPct >= 30) {
      md.push(
        `Caveat: ${fmt(at.othersPct, 0)} % of the machine went to other work than the bench at this level (load average ${at.loadAverage.toFixed(1)}): the servers waited for a core, so the event-loop delay and the gaps here are partly the machine's. Rerun on a quiet machine for the servers' own knee.`,
        '',
      );
    }
    md.push('Thresholds: server CPU ≥ 85 % of a core, event-loop delay p99 ≥ 100 ms, ≥ 10 callers waiting for a pool connection, PostgreSQL or Redis ≥ 80 % of a core, the machine ≥ 95 % busy, a generator\'s event-loop delay p99 ≥ 100 ms (the client then adds to the gap).', '');
  }
  const thousand = levels.find((l) => l.concurrency === 1000);
  if (thousand) {
    md.push(
      `Targets at C = 1,000 (${thousand.peakOpenStreams} open at once): p99 gap ≤ ${KNEE_GAP_MS} ms ${ok(thousand.gapP99Ms <= KNEE_GAP_MS && thousand.peakOpenStreams >= 0.9 * thousand.concurrency)} (${fmt(thousand.gapP99Ms)} ms${thousand.peakOpenStreams < 0.9 * thousand.concurrency ? `, of ${thousand.peakOpenStreams} concurrent replies` : ''}); RSS per open stream ≤ ${TARGET_RSS_KB} KB ${ok(thousand.rssKBPerStream <= TARGET_RSS_KB)} (${fmt(thousand.rssKBPerStream)} KB); 0 lost ${ok(thousand.lost === 0)}; 0 × 5xx ${ok(thousand.status5xx === 0)}.`,
      '',
    );
  }
  md.push(`## ${idle ? idle.subscribers.toLocaleString('en-US') : 'No'} idle live event-stream subscribers`, '');
  if (!idle) md.push('Not run (`--idle=0`).', '');
  else if (idle.note) md.push(`${idle.opened} of ${idle.subscribers} opened: ${idle.note}.`, '');
  else {
    md.push(
      `${idle.opened} of ${idle.subscribers} \`GET /api/agent/events\` streams open (one user each, so no event is theirs; statuses ${JSON.stringify(idle.statuses)}), split over both instances: **${fmt(idle.rssKBPerIdleStream)} KB RSS per open idle stream** (RSS 2 s after they opened − before, both instances, ÷ open streams); ${idle.eventsReceived} events received by them during the level (expected 0 beyond keep-alives).`,
      '',
    );
    if (idle.level && idle.baseline) {
      md.push(
        `Replies alongside them, C = ${idle.level.concurrency}: p99 gap ${fmt(idle.level.gapP99Ms)} ms with vs ${fmt(idle.baseline.gapP99Ms)} ms without, TTFB p99 ${fmt(idle.level.ttfbP99Ms)} vs ${fmt(idle.baseline.ttfbP99Ms)} ms, CPU ${fmt(idle.level.cpuMsPerChunk, 3)} vs ${fmt(idle.baseline.cpuMsPerChunk, 3)} ms per chunk (runs minutes apart on a shared machine: differences within ±30 % are noise).`,
        '',
      );
    }
  }
  md.push(...moveTheKnee(r));
  if (profile) {
    md.push(
      `## CPU profile (instance A during a rerun of C = ${profile.concurrency}; inspector sampling every 1 ms; the rerun's numbers are not in the table)`,
      '',
      ...(profile.rerun ? [`The profiled rerun: ${profile.rerun}.`, ''] : []),
      `${fmt(profile.totalMs / 1000)} s sampled, ${fmt(profile.idlePct, 0)} % idle; the shares below are of the ${fmt(profile.busyMs / 1000)} s busy (a sampling profiler also counts the time the thread waited for a core as the function it was in).`,
      '',
      '| self time by module | ms | % |',
      '|---|---|---|',
      ...profile.byModule.map((m) => `| ${m.module} | ${fmt(m.selfMs, 0)} | ${fmt(m.pct)} |`),
      '',
      '| top functions by self time | where | ms | % |',
      '|---|---|---|---|',
      ...profile.top.map((f) => `| ${f.name} | ${f.where} | ${fmt(f.selfMs, 0)} | ${fmt(f.pct)} |`),
      '',
    );
  }
  return md.join('\n');
}

/** What the measures say would move the knee, from the resources that saturated and the `--ab` runs beside this file. */
function moveTheKnee(r: LoadReport): string[] {
  const saturated = new Set(r.levels.flatMap((l) => signals(l).filter((s) => s.saturated).map((s) => s.resource)));
  const busiest = r.levels.reduce((max, l) => Math.max(max, l.othersPct), 0);
  const lines: string[] = [];
  const cores = Number(/× (\d+) cores/.exec(r.meta.machine)?.[1] ?? 2);
  const chunksPerS = 1000 / r.meta.config.intervalMs;
  const perChunk = r.levels.map((l) => l.cpuMsPerChunk).filter(Number.isFinite);
  if (perChunk.length > 0) {
    const [lo, hi] = [Math.min(...perChunk), Math.max(...perChunk)];
    const carry = (ms: number) => fmt((cores * 1000) / (ms * chunksPerS), 0);
    lines.push(
      `- CPU per chunk: ${fmt(lo, 3)}–${fmt(hi, 3)} ms (both instances, all the reply's work: model stream, store, run log, HTTP). At that cost the machine's ${cores} cores, with nothing else on them, carry at most ${carry(hi)}–${carry(lo)} replies at ${fmt(chunksPerS, 0)} chunks/s. 1,000 needs ≤ ${fmt((cores * 1000) / (1000 * chunksPerS), 3)} ms per chunk, before PostgreSQL, Redis and the clients take their share. So CPU per chunk bounds the knee on this machine, whatever the pool.`,
    );
  }
  if (saturated.has('PostgreSQL pool'))
    lines.push(
      '- The store\'s `pg` pool: callers queue for its connections, so a reply waits before its first byte and, after the pool\'s 5 s `connectionTimeoutMillis`, fails with 503 `store_unavailable`. A connection is held across every statement of a transaction, so a delayed event loop holds it longer. More connections (`postgresStore({ poolConfig: { max } })`, within PostgreSQL\'s `max_connections`), or fewer transactions per turn start (PG transactions per reply above), move it.',
    );
  if (saturated.has('server CPU (one core per instance)') || saturated.has('server event loop'))
    lines.push(
      "- The instances' event loops: CPU per chunk is the lever (the profile below). Socket writes lead it: one `writev` per chunk per stream, plus one Redis write per chunk per run. `redisRunLog` sends an XADD per run per batch window, so at 20 chunks/s that is one per chunk. One pipelined flush per tick for every run's pending appends would make it one write per tick.",
    );
  if (saturated.has('Redis CPU')) lines.push('- Redis: fewer commands per reply (batch the run log\'s appends across runs).');
  if (saturated.has('PostgreSQL CPU')) lines.push('- PostgreSQL itself: fewer statements per reply.');
  if (busiest >= 30) lines.push(`- The machine: up to ${fmt(busiest, 0)} % of it went to other work during this run. A quiet machine gives the servers' own knee.`);
  for (const c of r.candidates ?? []) {
    lines.push(
      `- Measured (\`${c.file}\`, C = ${c.concurrency}, variant ÷ default over interleaved rounds): ${c.label} — p99 gap ${fmt(c.ratios.gapP99Ms, 2)}×, TTFB p99 ${fmt(c.ratios.ttfbP99Ms, 2)}×, CPU per chunk ${fmt(
        c.ratios.cpuMsPerChunk,
        2,
      )}×, 5xx ${c.status5xx.default.join('+')} → ${c.status5xx.variant.join('+')}.`,
    );
  }
  return lines.length > 0 ? ['## What would move the knee', '', ...lines, ''] : [];
}
