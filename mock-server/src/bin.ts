#!/usr/bin/env node
import { startMockServer } from './node.js';

const port = Number(process.env.PORT ?? 8787);
const running = await startMockServer({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`mock agent server: POST ${running.url}/api/agent/assistant`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void running.close().then(() => process.exit(0)));
}
