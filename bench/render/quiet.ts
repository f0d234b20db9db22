/**
 * Waiting for the machine to go quiet before a measured load (method §5.3). Every Playwright
 * BrowserContext opens a browser window of its own, and headless Chromium (156) builds that
 * window's top-chrome WebUI (chrome://omnibox-popup.top-chrome: about 200 module scripts in a
 * renderer of its own, ≈ 1.3 s of CPU on the session-33 machine) right after it opens — on a
 * two-core machine, at the same time as the page the benchmark then loads, in most contexts
 * (`--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup` made it rarer, not gone). A
 * user's page load does not share the CPU with its window's creation; the rep waits it out.
 */
import { readFileSync } from 'node:fs';

/** Busy and total jiffies of all CPUs (the first line of /proc/stat), or undefined off Linux. */
function cpuTimes(): { busy: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every wait of this process, in ms, and how many ran out before the machine went quiet (for the run's meta). */
export const quietWaits: { waitedMs: number[]; timedOut: number } = { waitedMs: [], timedOut: 0 };

/**
 * Resolves once all CPUs together were at most `maxBusy` busy (0–1) over `windows` consecutive
 * windows of `windowMs`, or after `timeoutMs` (a machine that never goes quiet is measured as it
 * is, and the run's meta counts it). Returns how long it waited. Off Linux: a fixed `timeoutMs ÷ 2`.
 */
export async function waitForQuietMachine({ maxBusy = 0.1, windowMs = 100, windows = 3, timeoutMs = 4000 } = {}): Promise<number> {
  const started = Date.now();
  let last = cpuTimes();
  if (!last) {
    await sleep(timeoutMs / 2);
    quietWaits.waitedMs.push(Date.now() - started);
    return Date.now() - started;
  }
  let quiet = 0;
  while (quiet < windows && Date.now() - started < timeoutMs) {
    await sleep(windowMs);
    const now = cpuTimes()!;
    const share = now.total > last.total ? (now.busy - last.busy) / (now.total - last.total) : 0;
    quiet = share <= maxBusy ? quiet + 1 : 0;
    last = now;
  }
  const waited = Date.now() - started;
  quietWaits.waitedMs.push(waited);
  if (quiet < windows) quietWaits.timedOut += 1;
  return waited;
}
