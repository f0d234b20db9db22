import { availableParallelism } from 'node:os';
import path from 'node:path';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { configDefaults, defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './scripts/chromium.ts';

/** The jsdom tests (hooks, components, the README surface). */
const REACT_TESTS = ['packages/agent-react/src/**/*.test.{ts,tsx}', 'packages/agent-ui/src/**/*.test.{ts,tsx}', 'test/surface/**/*.test.ts'];
/**
 * jsdom tests that need a fresh module graph per file: they test module-level state from its start
 * (a chunk not loaded yet, a catalogue requested once). A new test of that kind belongs here.
 */
const REACT_ISOLATED = [
  'packages/agent-ui/src/lazy/**/*.test.{ts,tsx}',
  'packages/agent-ui/src/locales/**/*.test.{ts,tsx}',
  'packages/agent-ui/src/first-load.test.ts',
  'packages/agent-ui/src/markdown/markdown-warm-up.test.tsx',
  // Markdown before and after its chunk ran.
  'packages/agent-ui/src/markdown/markdown-pipeline.test.tsx',
  // Their stand-in first, then the part from the on-demand chunk.
  'packages/agent-ui/src/transcript/file-card.test.tsx',
  'packages/agent-ui/src/transcript/think.test.tsx',
  // AgentChat over a mocked module (what its first render asks of the parts' chunk).
  'packages/agent-ui/src/chat/agent-chat-preload.test.tsx',
];

/**
 * Vitest projects:
 * - unit:      node tests of the protocol, the framework-free core (@x/agent-core), the server and the
 *              mock server, `*.node.test.ts` of any package (no DOM). Type tests (`*.test-d.ts`) are `tsc`'s: `pnpm typecheck`
 * - react:     hooks and components with Testing Library in jsdom, against the real server code
 * - react-isolated: the few jsdom tests of a module's first load, each file with fresh modules
 * - storybook: every story rendered and its `play` run in real Chromium (@storybook/addon-vitest), in
 *              dev mode: `pnpm test:stories`, for working on stories. `pnpm test` runs every story once,
 *              in the built static Storybook (e2e/specs/storybook.spec.ts), not here.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest runs `availableParallelism() - 1` files at a time by default: one on a 2-core machine,
    // which leaves a core idle while a file imports and sets up jsdom. Three there: many files wait
    // (servers, timers, PostgreSQL), so two left the cores 41 % idle — the unit stage on a quiet
    // 2-core machine: 1 → 2 workers 160 → 101 s (8 jsdom files), 2 → 3 workers 178 → 141 s (CPU 59 →
    // 77 % busy), 4 workers 134 s (89 %: past the knee). The default on larger machines.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/agent-protocol/src/**/*.test.ts', 'packages/agent-core/src/**/*.test.ts', 'packages/agent-server/src/**/*.test.ts', 'mock-server/src/**/*.test.ts', 'test/deps/**/*.test.ts', 'test/scripts/**/*.test.ts', 'packages/*/src/**/*.node.test.ts'],
          testTimeout: 20_000,
          // One PostgreSQL cluster for the run, a database per file that asks (postgresDatabase()).
          globalSetup: ['./test/global-setup.ts'],
          // An in-memory PGlite starts from a copy of an empty database, not from initdb in WASM.
          setupFiles: ['./packages/agent-server/src/test-utils/pglite-snapshot.ts'],
          // One module graph per worker, not per file: the node tests share no state but what they
          // set up and tear down themselves (checked by running the project twice with
          // `--sequence.shuffle`), and importing the server, `ai`, zod and PGlite again for every
          // file was about 40 % of the project's CPU time (a 29-file sample: 54 s → 31 s).
          isolate: false,
          // Type tests (`*.test-d.ts`, every package) are checked once, by `tsc -p tsconfig.json` (the
          // typecheck stage of `pnpm test`, and `pnpm test:types`), not again here.
        },
      },
      {
        extends: true,
        test: {
          name: 'react',
          environment: 'jsdom',
          include: REACT_TESTS,
          // `*.node.test.ts`: tests that must run without a DOM (the unit project runs them).
          exclude: [...configDefaults.exclude, '**/*.node.test.ts', ...REACT_ISOLATED],
          setupFiles: ['./test/setup-dom.ts', './test/setup-markdown.ts'],
          testTimeout: 20_000,
          // One module graph and jsdom per worker, not per file (every test unmounts what it rendered,
          // test/setup-dom.ts): the project's CPU time fell from 384 s to 88 s (261 s → 91 s of wall
          // time on this 2-core machine). Checked by running it with `--sequence.shuffle.files` (seeds
          // 3, 11, 29, 41, and in file order). The files that test a module's first load run isolated (react-isolated).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Tests of what a module does the first time it is imported or asked (the on-demand chunk,
          // the locale catalogues loaded on demand, the first-load graph): a fresh module graph each.
          name: 'react-isolated',
          environment: 'jsdom',
          include: REACT_ISOLATED,
          setupFiles: ['./test/setup-dom.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(import.meta.dirname, '.storybook') })],
        test: {
          name: 'storybook',
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions('tests') }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
