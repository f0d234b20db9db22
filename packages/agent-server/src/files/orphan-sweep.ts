import type { Logger } from '../config/types.js';
import type { FileService } from './file-service.js';

/**
 * Runs `files.sweep()` every `sweepIntervalMs` on an unref'd timer (it never keeps the process
 * alive): uploads no sent message claimed are deleted once older than `orphanTtlMs`. A failing
 * sweep is logged and tried again next time. The returned `stop` clears the timer (no sweep starts
 * after it) and resolves once a sweep in progress has ended; calling it again is a no-op.
 */
export function startOrphanSweep(files: FileService, logger: Logger): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = files
      .sweep()
      .then(
        () => {},
        (error: unknown) => logger.error('file cleanup failed', { error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => (running = undefined));
  }, files.settings.sweepIntervalMs);
  timer.unref?.();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
