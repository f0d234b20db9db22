import type { Logger } from '../config/types.js';
import type { FileService } from './file-service.js';

/**
 * Runs `files.sweep()` every `sweepIntervalMs` on an unref'd timer (it never keeps the process
 * alive): uploads no sent message claimed are deleted once older than `orphanTtlMs`. A failing
 * sweep is logged and tried again next time.
 */
export function startOrphanSweep(files: FileService, logger: Logger): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    files
      .sweep()
      .catch((error: unknown) => logger.error('file cleanup failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => (running = false));
  }, files.settings.sweepIntervalMs);
  timer.unref?.();
}
