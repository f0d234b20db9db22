import { DEFAULT_BASE_PATH } from '@x/agent-protocol';
import type { Logger } from './types.js';

/** The defaults of every optional limit and setting. */
export const DEFAULTS = {
  basePath: DEFAULT_BASE_PATH,
  maxSteps: 10,
  maxBodyBytes: 1024 * 1024,
  toolTimeoutMs: 30_000,
  toolResultMaxChars: 50_000,
} as const;

/** The logger used when the config has none: `console`, prefixed. */
export const consoleLogger: Logger = {
  warn: (message, meta) => console.warn(`[agent-server] ${message}`, meta ?? ''),
  error: (message, meta) => console.error(`[agent-server] ${message}`, meta ?? ''),
};
