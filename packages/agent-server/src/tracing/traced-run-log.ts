import { context } from '@opentelemetry/api';
import type { RunLog, RunLogWriter } from '../runs/run-log.js';
import { dbSpan, dbSystemOf } from './db-spans.js';

/**
 * The run log with a short span around each operation but `append` (one per streamed chunk, far too
 * many): `run_log.read`, `run_log.request_stop`, `run_log.deliver`, `run_log.end` (the writer's end). `open`,
 * `onStop` and `onDelivery` are synchronous bookkeeping and get none.
 */
export function traceRunLog(log: RunLog): RunLog {
  const system = dbSystemOf(log);
  const close = log.close?.bind(log);
  return {
    open: (meta) => {
      const writer = log.open(meta);
      // The run's end comes from its stream (any context): it is a child of whatever opened the log (the turn).
      const opener = context.active();
      return { append: (data) => writer.append(data), end: () => dbSpan('run_log', 'end', system, () => writer.end(), opener) } satisfies RunLogWriter;
    },
    read: (runId, afterSeq, signal) => dbSpan('run_log', 'read', system, () => log.read(runId, afterSeq, signal)),
    requestStop: (runId) => dbSpan('run_log', 'request_stop', system, () => log.requestStop(runId)),
    onStop: (runId, listener) => log.onStop(runId, listener),
    ...(log.deliver ? { deliver: (channel: string, payload: string) => dbSpan('run_log', 'deliver', system, () => log.deliver!(channel, payload)) } : {}),
    ...(log.onDelivery ? { onDelivery: log.onDelivery.bind(log) } : {}),
    // Live events: one publish per conversation write (no span: the write has its own); a read is a long-lived stream.
    ...(log.publishUserEvent ? { publishUserEvent: log.publishUserEvent.bind(log) } : {}),
    ...(log.readUserEvents ? { readUserEvents: log.readUserEvents.bind(log) } : {}),
    ...(close ? { close } : {}),
  };
}
