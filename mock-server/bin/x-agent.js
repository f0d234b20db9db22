#!/usr/bin/env node
// The `x-agent` command (`x-agent record …`). A committed shim, not the built file itself: pnpm links
// a workspace package's bins at install time, before anything is built, and a bin pointing into
// `dist/` warned "Failed to create bin … x-agent" once per dependent on every fresh install.
await import('../dist/cli/x-agent.js');
