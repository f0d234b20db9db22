// Every story of the built, static Storybook (`pnpm build:storybook` → storybook-static/) rendered in
// Chromium with its play function and axe (addon-a11y's report, `a11y: { test: 'error' }`) run, as a
// reader of the published Storybook gets it: a production React build, the msw service worker, no
// Vite dev server. This is the one run of the stories in `pnpm test` (the Vitest `storybook` project,
// the same play functions in dev mode, is `pnpm test:stories`, for working on a story).
//
// One page per worker switches from story to story as Storybook's own UI does (`setCurrentStory` on
// the preview's channel), so the page boots and msw's worker installs once, not once per story. A
// failed story fails its test, and Playwright then starts a new worker: the next story gets a fresh page.
import { expect, test as base, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { STORYBOOK_PORT } from '../playwright.config.ts';

interface IndexEntry {
  id: string;
  type: 'story' | 'docs';
  title: string;
  name: string;
  tags?: string[];
}

interface StoryOutcome {
  status: 'success' | 'error';
  errors: string[];
  failedReports: string[];
  /** The play function ran (the story went through the `playing` phase). */
  played: boolean;
}

declare global {
  interface Window {
    __xkitStoryOutcomes?: Record<string, StoryOutcome>;
    __xkitShowStory?: (storyId: string) => void;
  }
}

const indexFile = fileURLToPath(new URL('../../storybook-static/index.json', import.meta.url));
const stories = existsSync(indexFile)
  ? Object.values((JSON.parse(readFileSync(indexFile, 'utf8')) as { entries: Record<string, IndexEntry> }).entries).filter((entry) => entry.type === 'story')
  : [];
/** Stories with a play function (Storybook tags them `play-fn`): each must report that it played. */
const withPlay = new Set(stories.filter((story) => story.tags?.includes('play-fn')).map((story) => story.id));

/**
 * Listens on the preview's channel from the moment it is set (while the page boots): each story's
 * outcome (storyFinished), the exceptions and unhandled errors while it renders and plays, whether
 * its play function ran. `__xkitShowStory` switches to a story, as Storybook's UI does.
 */
function listenToStories() {
  const outcomes: Record<string, StoryOutcome> = {};
  window.__xkitStoryOutcomes = outcomes;
  let errors: string[] = [];
  let played = new Set<string>();
  const hooked = new WeakSet<object>();
  let current: { on(event: string, listener: (payload: never) => void): void; emit(event: string, payload: unknown): void } | null | undefined;
  const describe = (value: unknown) =>
    typeof value === 'object' && value !== null && 'message' in value ? String((value as { message: unknown }).message) : JSON.stringify(value);
  window.__xkitShowStory = (storyId) => {
    errors = [];
    played = new Set();
    delete outcomes[storyId];
    current!.emit('setCurrentStory', { storyId, viewMode: 'story' });
  };
  Object.defineProperty(globalThis, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => current,
    set(channel: typeof current) {
      current = channel;
      if (!channel || hooked.has(channel)) return;
      hooked.add(channel);
      for (const event of ['playFunctionThrewException', 'storyThrewException', 'storyErrored', 'storyMissing'])
        channel.on(event, (payload: unknown) => errors.push(`${event}: ${describe(payload)}`));
      channel.on('unhandledErrorsWhilePlaying', (payload: unknown[]) => errors.push(`unhandled: ${payload.map(describe).join('; ')}`));
      channel.on('storyRenderPhaseChanged', (payload: { newPhase: string; storyId: string }) => {
        if (payload.newPhase === 'playing') played.add(payload.storyId);
      });
      channel.on('storyFinished', (payload: { storyId: string; status: 'success' | 'error'; reporters: { type: string; status: string }[] }) => {
        outcomes[payload.storyId] = {
          status: payload.status,
          errors: [...errors],
          failedReports: payload.reporters.filter((report) => report.status === 'failed').map((report) => report.type),
          played: played.has(payload.storyId),
        };
      });
    },
  });
}

interface StoryViewer {
  /** Renders the story, runs its play function and axe; resolves with its outcome. */
  show(storyId: string): Promise<StoryOutcome>;
}

const test = base.extend<object, { storyViewer: StoryViewer }>({
  storyViewer: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ reducedMotion: 'reduce' });
      const page: Page = await context.newPage();
      await page.addInitScript(listenToStories);
      let loaded = false;
      const outcome = async (storyId: string) =>
        (await (await page.waitForFunction((id) => window.__xkitStoryOutcomes?.[id], storyId, { timeout: 75_000 })).jsonValue())!;
      await use({
        async show(storyId) {
          if (!loaded) {
            loaded = true;
            await page.goto(`http://127.0.0.1:${STORYBOOK_PORT}/iframe.html?id=${encodeURIComponent(storyId)}&viewMode=story`);
          } else await page.evaluate((id) => window.__xkitShowStory!(id), storyId);
          return outcome(storyId);
        },
      });
      await context.close();
    },
    { scope: 'worker' },
  ],
});

test('the static Storybook is built and lists the stories, each with a play function', () => {
  expect(existsSync(indexFile), 'run `pnpm build:storybook` first').toBe(true);
  expect(stories.length).toBeGreaterThan(20);
  // Printed so a run's log shows how many stories played (issue 33: the count must not drop).
  console.log(`[storybook] ${stories.length} stories, ${withPlay.size} with a play function`);
});

// The stories play with reduced motion (above), under which an animation may hold still anyway:
// these two play again without it — nothing may animate endlessly while a reply streams.
for (const id of ['agentchat--composer-stop-while-busy', 'agentchat--streaming']) {
  test(`without reduced motion, no endless animation while a reply streams: ${id}`, async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'no-preference' });
    const page = await context.newPage();
    await page.addInitScript(listenToStories);
    await page.goto(`http://127.0.0.1:${STORYBOOK_PORT}/iframe.html?id=${id}&viewMode=story`);
    const outcome = await (await page.waitForFunction((story) => window.__xkitStoryOutcomes?.[story], id, { timeout: 75_000 })).jsonValue();
    expect(outcome).toEqual({ status: 'success', errors: [], failedReports: [], played: true });
    await context.close();
  });
}

test.describe('stories of the static Storybook', () => {
  // Spread over the run's workers: each worker switches its own page from story to story.
  test.describe.configure({ mode: 'parallel', timeout: 90_000 });

  for (const story of stories) {
    test(`${story.title} › ${story.name}`, async ({ storyViewer }) => {
      const outcome = await storyViewer.show(story.id);
      expect(outcome).toEqual({ status: 'success', errors: [], failedReports: [], played: withPlay.has(story.id) });
    });
  }
});
