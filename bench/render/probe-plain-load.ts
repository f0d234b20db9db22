/**
 * Diagnostic probe (not a benchmark): the long tasks of an S4 page load (N messages) in a Chromium
 * that **no DevTools client is attached to** — launched as a user would run it, with the bench's
 * flags but not its `--js-flags` (page.ts), the page's own `PerformanceObserver` reporting by
 * `navigator.sendBeacon` to this process. It is the check on what the bench reports: Playwright
 * enables the DevTools Runtime domain, which makes V8 capture stacks with line numbers at every
 * `new Error` (React DOM builds five as it loads) and re-parse the entry chunk for them; the bench
 * compiles source positions eagerly so that this cost, which no user's browser has, stays out of
 * its figures. The first and the longest task here and in the bench's S4 should agree to within the
 * eager positions' small cost. `node bench/render/probe-plain-load.ts [contenders=ours,baseline,peer]
 * [N=1000]`; REPS=n loads of each (default 3), each in a fresh browser profile, contenders in turn.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromiumExecutable } from '../../scripts/chromium.ts';
import { BENCH_CHROMIUM_FLAGS } from './page.ts';
import { withFixtureServer } from './probe-page.ts';
import { median } from './stats.ts';

const contenders = (process.argv[2] ?? 'ours,baseline,peer').split(',');
const history = Number(process.argv[3] ?? 1000);
const reps = Number(process.env.REPS ?? 3);
const here = path.dirname(new URL(import.meta.url).pathname);
const PAGE = 'plain-probe.html';

interface Report {
  /** [start, duration] of every long task since navigation, ms. */
  tasks: Array<[number, number]>;
  /** When the composer's textarea was first seen (polled every 50 ms), ms since navigation. */
  composerAt: number;
  timedOut: boolean;
}

/** Runs in the page before its scripts: long tasks, then one beacon once the mounted page has had 1.5 s without one. */
const reporter = (beaconUrl: string) => `<script>(() => {
  const tasks = []; let composerAt = -1;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    const now = performance.now();
    if (composerAt < 0 && document.querySelector('textarea')) composerAt = Math.round(now);
    const lastEnd = tasks.reduce((m, [s, d]) => Math.max(m, s + d), 0);
    const timedOut = now > 30000;
    if ((composerAt >= 0 && now - Math.max(lastEnd, composerAt) >= 1500) || timedOut) {
      navigator.sendBeacon(${JSON.stringify(beaconUrl)}, JSON.stringify({ tasks, composerAt, timedOut }));
    } else setTimeout(check, 50);
  };
  setTimeout(check, 50);
})();</script>`;

const received: Array<(report: Report) => void> = [];
const beacon = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    res.writeHead(204, { 'access-control-allow-origin': '*' }).end();
    received.shift()?.(JSON.parse(body) as Report);
  });
});
await new Promise<void>((resolve) => beacon.listen(0, '127.0.0.1', resolve));
const beaconUrl = `http://127.0.0.1:${(beacon.address() as AddressInfo).port}/report`;

const pages = contenders.map((c) => path.join(here, 'dist', c, PAGE));
try {
  contenders.forEach((c, i) => {
    const html = readFileSync(path.join(here, 'dist', c, 'index.html'), 'utf8');
    writeFileSync(pages[i]!, html.replace('<head>', `<head>${reporter(beaconUrl)}`));
  });
  const results = new Map<string, Report[]>();
  await withFixtureServer(async (port) => {
    for (let rep = 0; rep < reps; rep++) {
      for (const c of contenders) {
        const profile = mkdtempSync(path.join(os.tmpdir(), 'plain-load-'));
        const report = new Promise<Report>((resolve, reject) => {
          received.push(resolve);
          setTimeout(() => {
            received.splice(received.indexOf(resolve), 1);
            reject(new Error(`${c}: no report in 45 s`));
          }, 45_000).unref();
        });
        const flags = BENCH_CHROMIUM_FLAGS.filter((f) => !f.startsWith('--js-flags'));
        const child = spawn(chromiumExecutable() ?? 'chromium', [...flags, `--user-data-dir=${profile}`, '--window-size=1280,800', `http://127.0.0.1:${port}/${c}/${PAGE}?history=${history}`], { stdio: 'ignore' });
        try {
          const r = await report;
          (results.get(c) ?? results.set(c, []).get(c)!).push(r);
          console.log(`${c.padEnd(8)} rep ${rep + 1}: longest ${Math.max(0, ...r.tasks.map((t) => t[1]))} ms, composer at ${r.composerAt} ms, long tasks ${JSON.stringify(r.tasks)}${r.timedOut ? ' TIMED OUT' : ''}`);
        } finally {
          if (child.exitCode === null && child.signalCode === null) {
            const exited = new Promise((resolve) => child.once('exit', resolve));
            child.kill();
            await exited;
          }
          rmSync(profile, { recursive: true, force: true });
        }
      }
    }
  });
  const fmt = (xs: number[]) => `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
  console.log(`\nno DevTools client, S4 @ ${history}, ${reps} loads each: median (range), ms`);
  for (const [c, rs] of results) {
    console.log(
      `  ${c.padEnd(8)} first long task ${fmt(rs.map((r) => r.tasks[0]?.[1] ?? 0))}, longest ${fmt(rs.map((r) => Math.max(0, ...r.tasks.map((t) => t[1]))))}, ` +
        `last long task ends ${fmt(rs.map((r) => r.tasks.reduce((m, [s, d]) => Math.max(m, s + d), 0)))}`,
    );
  }
} finally {
  for (const page of pages) rmSync(page, { force: true });
  beacon.close();
}
