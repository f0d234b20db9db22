// `pnpm docs:screenshots`: writes docs/screenshots/*.png from the playground on the mock model, with
// the e2e run's servers and browser settings: docs/screenshots.spec.ts, and the keyboard walk of
// specs/keyboard.spec.ts (its focus-ring pictures, taken mid-walk). `pnpm test` runs no picture: it
// never writes a tracked file (support/docs-screenshot.ts writes only when XKIT_DOCS_SCREENSHOTS=1).
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

process.env.XKIT_DOCS_SCREENSHOTS = '1';

// One project of its own (not the e2e run's projects, which split the specs between two playgrounds).
const { projects: _projects, ...shared } = base;

export default defineConfig({
  ...shared,
  testDir: '.',
  testMatch: ['docs/**/*.spec.ts', 'specs/keyboard.spec.ts'],
  // One playground, one spec at a time.
  workers: 1,
  outputDir: 'test-results/docs',
  reporter: [['list']],
});
