import { DEFAULT_BASE_PATH } from '@x/agent-protocol';
import type { Logger } from './types.js';

export const DEFAULTS = {
  basePath: DEFAULT_BASE_PATH,
  maxSteps: 10,
  maxBodyBytes: 1024 * 1024,
} as const;

export const consoleLogger: Logger = {
  warn: (message, meta) => console.warn(`[agent-server] ${message}`, meta ?? ''),
  error: (message, meta) => console.error(`[agent-server] ${message}`, meta ?? ''),
};
