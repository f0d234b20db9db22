/**
 * Launch options for Chromium in Vitest browser mode, Playwright and the benchmarks: Debian's
 * chromium (`$XKIT_CHROMIUM` or /usr/bin/chromium) when it exists — Playwright cannot download its
 * own browser on these machines — else Playwright's default. As root Chromium needs --no-sandbox.
 */
import { existsSync } from 'node:fs';

export function chromiumExecutable(): string | undefined {
  const candidates = [process.env.XKIT_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((c): c is string => Boolean(c) && existsSync(c as string));
}

export function chromiumLaunchOptions(): { executablePath?: string; args: string[] } {
  const executablePath = chromiumExecutable();
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
