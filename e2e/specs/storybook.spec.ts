// Every story of the built, static Storybook (`pnpm build:storybook` → storybook-static/) rendered in
// Chromium with its play function run, as a reader of the published Storybook gets it: a production
// React build, the msw service worker, no Vite dev server. The Vitest `storybook` project runs the same
// play functions in dev mode; a story can pass there and fail here (React's <Profiler> reports
// nothing in production, timing differs), so both run in `pnpm test`.
import { expect, test } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { STORYBOOK_PORT } from '../playwright.config.ts';

interface IndexEntry {
  id: string;
  type: 'story' | 'docs';
  title: string;
  name: string;
}

interface StoryOutcome {
  status: 'success' | 'error';
  errors: string[];
  failedReports: string[];
}

declare global {
  interface Window {
    __xkitStoryOutcome?: StoryOutcome;
  }
}

const indexFile = fileURLToPath(new URL('../../storybook-static/index.json', import.meta.url));
const stories = existsSync(indexFile)
  ? Object.values((JSON.parse(readFileSync(indexFile, 'utf8')) as { entries: Record<string, IndexEntry> }).entries).filter((entry) => entry.type === 'story')
  : [];

test('the static Storybook is built and lists the stories', () => {
  expect(existsSync(indexFile), 'run `pnpm build:storybook` first').toBe(true);
  expect(stories.length).toBeGreaterThan(20);
});

test.describe('stories of the static Storybook', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const story of stories) {
    test(`${story.title} › ${story.name}`, async ({ page }) => {
      // Storybook's preview reports a story's outcome on its channel (storyFinished, and the
      // exceptions before it); the channel is installed while the page boots, so listen from the
      // moment it is set.
      await page.addInitScript(() => {
        const errors: string[] = [];
        const hooked = new WeakSet<object>();
        let current: unknown;
        const describe = (value: unknown) =>
          typeof value === 'object' && value !== null && 'message' in value ? String((value as { message: unknown }).message) : JSON.stringify(value);
        Object.defineProperty(globalThis, '__STORYBOOK_ADDONS_CHANNEL__', {
          configurable: true,
          get: () => current,
          set(channel: { on(event: string, listener: (payload: never) => void): void } | null | undefined) {
            current = channel;
            if (!channel || hooked.has(channel)) return;
            hooked.add(channel);
            for (const event of ['playFunctionThrewException', 'storyThrewException', 'storyErrored', 'storyMissing'])
              channel.on(event, (payload: unknown) => errors.push(`${event}: ${describe(payload)}`));
            channel.on('unhandledErrorsWhilePlaying', (payload: unknown[]) => errors.push(`unhandled: ${payload.map(describe).join('; ')}`));
            channel.on('storyFinished', (payload: { status: 'success' | 'error'; reporters: { type: string; status: string }[] }) => {
              window.__xkitStoryOutcome = {
                status: payload.status,
                errors,
                failedReports: payload.reporters.filter((report) => report.status === 'failed').map((report) => report.type),
              };
            });
          },
        });
      });
      await page.goto(`http://127.0.0.1:${STORYBOOK_PORT}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story`);
      const handle = await page.waitForFunction(() => window.__xkitStoryOutcome, undefined, { timeout: 75_000 });
      const outcome = (await handle.jsonValue())!;
      expect({ status: outcome.status, errors: outcome.errors, failedReports: outcome.failedReports }).toEqual({ status: 'success', errors: [], failedReports: [] });
    });
  }
});
