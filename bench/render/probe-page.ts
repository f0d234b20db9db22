/**
 * What the diagnostic probes share: `withProbeBrowser` (the fixture server and a Chromium with the
 * bench's options, for probe-s3/s4/s5.ts), `withFixtureServer` (the server alone, probe-plain-load.ts), and the page probe-heap.ts and probe-detached.ts drive: a contender's page loaded with `?deferMount`, and `session`,
 * which mounts the chat, runs turns of the medium fixture (unpaced) as a user would and unmounts.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { chromiumExecutable } from '../../scripts/chromium.ts';
import { instrument } from './instrument.ts';
import { arm, BENCH_CHROMIUM_FLAGS, openPage } from './page.ts';
import { startTrace, stopTrace, type TraceEvent } from './trace.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const fixture = JSON.parse(readFileSync(path.join(here, 'fixtures', 'medium.json'), 'utf8')) as { lastSeq: number };

export interface ProbePage {
  page: Page;
  cdp: CDPSession;
  /** Mounts the chat, runs `turns` turns, then (with `unmount`) unmounts it and lets its timers run out. */
  session(turns: number, unmount: boolean): Promise<void>;
}

/** Starts the fixture server and Chromium, runs `run`, then closes both (also when it throws). */
export async function withProbeBrowser<T>(run: (env: { port: number; browser: Browser }) => Promise<T>): Promise<T> {
  return withFixtureServer(async (port) => {
    const executablePath = chromiumExecutable();
    // `CHROMIUM_FLAGS`: more flags for an experiment (space-separated), after the bench's.
    const browser = await chromium.launch({
      ...(executablePath ? { executablePath } : {}),
      args: [...BENCH_CHROMIUM_FLAGS, ...(process.env.CHROMIUM_FLAGS ?? '').split(' ').filter(Boolean)],
      headless: true,
    });
    try {
      return await run({ port, browser });
    } finally {
      await browser.close();
    }
  });
}

/** Starts the fixture server on a free loopback port, runs `run` with it, then stops it (also when `run` throws). */
export async function withFixtureServer<T>(run: (port: number) => Promise<T>): Promise<T> {
  const child = spawn(process.execPath, [path.join(here, 'fixture-server.ts'), '--port=0'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
  const { port } = JSON.parse(line) as { port: number };
  try {
    return await run(port);
  } finally {
    child.stdin.end();
    setTimeout(() => child.kill(), 1000).unref();
  }
}

/** Runs `probe` against `contender`'s page (served from bench/render/dist), then closes everything. */
export async function withProbePage(contender: string, probe: (page: ProbePage) => Promise<void>): Promise<void> {
  await withProbeBrowser(async ({ port, browser }) => {
    const { page, cdp } = await openPage(browser);
    await page.goto(`http://127.0.0.1:${port}/${contender}/index.html?deferMount`);
    await page.waitForFunction(() => typeof (window as unknown as { __benchMount?: unknown }).__benchMount === 'function');
    const marker = `§${fixture.lastSeq}§`;
    const input = page.locator('textarea').first();
    let sent = 0;
    const session = async (turns: number, unmount: boolean) => {
      await page.evaluate(() => (window as unknown as { __benchMount: () => Promise<void> }).__benchMount());
      await input.waitFor({ state: 'visible', timeout: 60_000 });
      for (let turn = 1; turn <= turns; turn++) {
        const seen = await page.evaluate((m) => (document.body.textContent ?? '').split(m).length - 1, marker);
        await arm(port, 'medium', 0, ++sent);
        await input.click();
        await page.keyboard.type(`turn ${turn}`);
        await page.keyboard.press('Enter');
        await page.waitForFunction(({ m, seen }) => (document.body.textContent ?? '').split(m).length - 1 > seen, { m: marker, seen }, { polling: 100, timeout: 120_000 });
        await page.waitForTimeout(300);
      }
      await page.waitForTimeout(1_000);
      if (unmount) {
        await page.evaluate(() => (window as unknown as { __benchUnmount: () => void }).__benchUnmount());
        await page.waitForTimeout(1_500);
      }
    };
    await probe({ page, cdp, session });
  });
}

/**
 * An S4 page (`history` messages, then the short answer armed) loaded under a Chromium trace until it
 * has been quiet 1.5 s: the trace's events, and what `read` took from the page before the trace
 * stopped (probe-load-task.ts, probe-timeline.ts). Set `TRACE_CATEGORIES` first for other categories.
 */
export async function traceS4Load<T>(browser: Browser, port: number, contender: string, history: number, read: (page: Page) => Promise<T>): Promise<{ events: TraceEvent[]; read: T }> {
  const { context, page, cdp } = await openPage(browser, (c) => c.addInitScript(instrument, { diag: false }));
  await arm(port, 'short', 60);
  await startTrace(cdp);
  await page.goto(`http://127.0.0.1:${port}/${contender}/index.html?history=${history}`);
  await page.locator('textarea').first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForTimeout(1500);
  const value = await read(page);
  const events = await stopTrace(cdp);
  await context.close();
  return { events, read: value };
}
