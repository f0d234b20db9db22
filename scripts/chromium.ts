/**
 * Launch options for Chromium in Vitest browser mode, Playwright and the benchmarks. Playwright
 * cannot download its own browser on these machines, so they use Debian's packages; as root Chromium
 * needs --no-sandbox.
 *
 * - `'tests'` (Vitest browser mode, the e2e run): Debian's `chromium-headless-shell`
 *   (`$XKIT_CHROMIUM_SHELL` or /usr/bin/chromium-headless-shell) when it exists — the same Blink
 *   without the browser's UI. In full Chromium's headless mode every new context is a browser window
 *   that builds its toolbar's WebUI (`chrome://omnibox-popup.top-chrome`, ≈ 200 modules, 1.3–1.6 s
 *   of CPU on a 2-core machine) beside the page under test: the e2e run's 184 tests took 653 s with
 *   it, 508 s with the shell. Falls back to the full chromium below.
 * - `'bench'` (the default: the benchmarks and their probes): Debian's chromium (`$XKIT_CHROMIUM`
 *   or /usr/bin/chromium): the browser users run, and the figures' continuity (bench/METHOD.md).
 *
 * Else Playwright's default.
 */
import { existsSync } from 'node:fs';

/** Who launches the browser: the tests, or the benchmarks (see the file's comment). */
export type ChromiumUse = 'tests' | 'bench';

const found = (candidates: readonly (string | undefined)[]) => candidates.find((c): c is string => Boolean(c) && existsSync(c as string));

export function chromiumExecutable(use: ChromiumUse = 'bench'): string | undefined {
  const full = found([process.env.XKIT_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser']);
  return use === 'tests' ? (found([process.env.XKIT_CHROMIUM_SHELL, '/usr/bin/chromium-headless-shell']) ?? full) : full;
}

export function chromiumLaunchOptions(use: ChromiumUse = 'bench'): { executablePath?: string; args: string[] } {
  const executablePath = chromiumExecutable(use);
  const args = [
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  return executablePath ? { executablePath, args } : { args };
}
