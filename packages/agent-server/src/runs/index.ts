export { memoryRunLog, type MemoryRunLogOptions } from './memory-run-log.js';
export {
  DEFAULT_RUN_LOG_EXPIRE_MS,
  RunLogUnavailableError,
  type RunLog,
  type RunLogEntry,
  type RunLogReader,
  type RunLogWriter,
  type RunMeta,
  type UserEventEntry,
  type UserEventReader,
} from './run-log.js';
