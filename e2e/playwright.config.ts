import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';

// Ports of their own, so a running `pnpm dev` (8787/5173) does not collide with the e2e run.
// E2E_API_PORT / E2E_WEB_PORT move the playground's, so runs in two worktrees can happen at once.
// Two playgrounds run side by side (each its own API server and in-memory store, the same build),
// one per project of playground specs, so the two workers never share a server's conversations.
const API_PORT = Number(process.env.E2E_API_PORT ?? 8797);
const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 4183);
const API_PORT_2 = API_PORT + 1;
const WEB_PORT_2 = WEB_PORT + 1;
export const NEXT_PORT = 3187;
export const EXPRESS_PORT = 3197;
/** The static Storybook (`storybook-static/`, built by `pnpm build:storybook`), served as a reader gets it. */
export const STORYBOOK_PORT = Number(process.env.E2E_STORYBOOK_PORT ?? 6107);
// examples/ag-ui: a Mastra agent over AG-UI (server.ts) and its Vite app.
export const AG_UI_API_PORT = Number(process.env.E2E_AG_UI_API_PORT ?? 8814);
export const AG_UI_WEB_PORT = Number(process.env.E2E_AG_UI_WEB_PORT ?? 4214);
const agUiEnv = { AG_UI_API_PORT: String(AG_UI_API_PORT), MASTRA_TELEMETRY_DISABLED: '1' };
// PLAYGROUND_PACE=0: the scripted scenarios play at once, except those about timing (Stop mid-reply,
// the streaming growth, the Activity view following a run), which keep their pace (`pace: 'real'` in
// @x/mock-server). PLAYGROUND_TEST_GATES=1: a reply that holds at a gate of its script (the
// paragraphs, after the second) goes on when a spec opens it (`POST /api/test/gates/{name}`).
const playgroundEnv = { PLAYGROUND_DATA: 'memory', PLAYGROUND_PACE: '0', PLAYGROUND_TEST_GATES: '1' };
const env = { PLAYGROUND_API_PORT: String(API_PORT), ...playgroundEnv };
const env2 = { PLAYGROUND_API_PORT: String(API_PORT_2), ...playgroundEnv };

// E2E_PREBUILT=1 (set by `pnpm test` after its `pnpm build:e2e-apps` stage built them side by side
// with the Storybook): the servers serve the apps' builds as they are; otherwise they build first.
const build = (command: string) => (process.env.E2E_PREBUILT === '1' ? '' : `${command} && `);

const only = process.env.E2E_ONLY?.split(',').map((group) => group.trim());

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, readonly unknown[]>[number];

const serverGroups: Record<string, WebServer[]> = {
  playground: [
    {
      command: 'node server.ts',
      cwd: '../examples/playground',
      env,
      port: API_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      // SIGTERM, not Playwright's default SIGKILL: the server closes its MCP processes and removes its temp folder.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: `${build('pnpm exec vite build')}pnpm exec vite preview --port ${WEB_PORT} --strictPort --host 127.0.0.1`,
      cwd: '../examples/playground',
      env,
      url: `http://127.0.0.1:${WEB_PORT}`,
      reuseExistingServer: false,
      timeout: 180_000,
    },
    // The second playground: its own API server, and the build above served again (Playwright starts
    // the web servers one after the other, so the build is done when this preview starts).
    {
      command: 'node server.ts',
      cwd: '../examples/playground',
      env: env2,
      port: API_PORT_2,
      reuseExistingServer: false,
      timeout: 60_000,
      // SIGTERM, not Playwright's default SIGKILL: the server closes its MCP processes and removes its temp folder.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: `pnpm exec vite preview --port ${WEB_PORT_2} --strictPort --host 127.0.0.1`,
      cwd: '../examples/playground',
      env: env2,
      url: `http://127.0.0.1:${WEB_PORT_2}`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
  next: [
    {
      // The Next.js example: a real production build, then `next start`.
      command: `${build('pnpm exec next build')}pnpm exec next start --port ${NEXT_PORT} --hostname 127.0.0.1`,
      cwd: '../examples/next-app',
      env: { NEXT_TELEMETRY_DISABLED: '1' },
      url: `http://127.0.0.1:${NEXT_PORT}`,
      reuseExistingServer: false,
      timeout: 300_000,
    },
  ],
  storybook: [
    {
      // The built static Storybook, served as its readers get it (specs/storybook.spec.ts).
      command: `pnpm exec vite preview --config .storybook/vite.config.ts --outDir storybook-static --port ${STORYBOOK_PORT} --strictPort --host 127.0.0.1`,
      cwd: '..',
      url: `http://127.0.0.1:${STORYBOOK_PORT}/iframe.html`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
  'ag-ui': [
    {
      command: 'node server.ts',
      cwd: '../examples/ag-ui',
      env: agUiEnv,
      port: AG_UI_API_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `${build('pnpm exec vite build')}pnpm exec vite preview --port ${AG_UI_WEB_PORT} --strictPort --host 127.0.0.1`,
      cwd: '../examples/ag-ui',
      env: agUiEnv,
      url: `http://127.0.0.1:${AG_UI_WEB_PORT}`,
      reuseExistingServer: false,
      timeout: 180_000,
    },
  ],
  express: [
    {
      command: 'node server.ts',
      cwd: '../examples/express',
      env: { PORT: String(EXPRESS_PORT) },
      url: `http://127.0.0.1:${EXPRESS_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
};

/**
 * The playground specs of the second playground (`playground-2`); every other playground spec runs
 * on the first. Each project runs one spec at a time on its own servers; the two run side by side.
 */
// Split so both take about as long (a run on a quiet machine: ~6.3 min of specs each).
const SECOND_PLAYGROUND = ['a2a-remote', 'liveness', 'mcp-apps', 'persistence', 'phone', 'replay', 'resume', 'rtl', 'server-death', 'timeline', 'tools'].map(
  (name) => `**/${name}.spec.ts`,
);
/** Specs of the examples, each on servers of its own (next, express, ag-ui groups). */
const EXAMPLES = ['**/next-example.spec.ts', '**/express-example.spec.ts', '**/ag-ui.spec.ts', '**/defects-examples.spec.ts'];
const STORYBOOK = ['**/storybook.spec.ts'];

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  // Two workers on a 2-core machine, locally and under CI (the projects below keep what must not
  // overlap on one server apart). The specs wait for states, not for a fast machine: a killed server's
  // re-attach is answered "not yet" (503 run_not_ready) until the run is known lost, and the keyboard
  // walk waits for the drawer's code and focus. E2E_WORKERS overrides (1: one spec at a time).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // test-results/results.json: every test's duration, to find what a slower run spent its time on.
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    // The kit and the playground honour the system's "reduce motion" (antd's motion off): pages are
    // still when a spec clicks, measures or runs axe. A spec that needs motion sets it back.
    reducedMotion: 'reduce',
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${WEB_PORT}`,
    launchOptions: chromiumLaunchOptions('tests'),
    // A failed test keeps its trace: each action's DOM snapshot, network and console — but not the
    // screencast, whose frames the browser encodes all along every test (≈ 15 % of the run's time
    // on a 2-core machine; the failure's own screenshot is kept below).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    // Every story, spread over both workers (a page per worker, see storybook.spec.ts).
    { name: 'storybook', testMatch: STORYBOOK },
    { name: 'playground-1', testIgnore: [...SECOND_PLAYGROUND, ...EXAMPLES, ...STORYBOOK], workers: 1 },
    { name: 'playground-2', testMatch: SECOND_PLAYGROUND, workers: 1, use: { baseURL: `http://127.0.0.1:${WEB_PORT_2}` } },
    { name: 'examples', testMatch: EXAMPLES, workers: 1 },
  ],
  // E2E_ONLY=<group>[,<group>] starts only those groups' servers (quick runs of their specs), e.g.
  // E2E_ONLY=playground, storybook, next, express or ag-ui; all of them by default.
  webServer: Object.entries(serverGroups)
    .filter(([group]) => !only || only.includes(group))
    .flatMap(([, servers]) => servers),
});
