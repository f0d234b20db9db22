import { useEffect, useState, useSyncExternalStore } from 'react';
import { RunRecordStore, type RunRecordOptions, type RunRecordSnapshot } from '@x/agent-core/runs';

/** What {@link useRunRecord} returns: the record, its read state and a way to read it again. */
export interface RunRecordState extends RunRecordSnapshot {
  refresh(): Promise<void>;
}

/**
 * One run's record (`GET {api}/runs/{runId}`, or the newest run of `conversationId`), read again
 * every `intervalMs` while the run is `running` (`live`, default on). A new `runId` /
 * `conversationId` / `api` / `live` / `intervalMs` starts a new read with the options of that render.
 */
export function useRunRecord(options: RunRecordOptions): RunRecordState {
  const { runId, conversationId, live, intervalMs } = options;
  const api = options.api === undefined ? undefined : String(options.api);
  const [store, setStore] = useState(() => new RunRecordStore(options));
  const [key, setKey] = useState(() => JSON.stringify([runId, conversationId, api, live, intervalMs]));
  const nextKey = JSON.stringify([runId, conversationId, api, live, intervalMs]);
  let current = store;
  if (key !== nextKey) {
    // A different run: a new store (set during render, the React way of deriving state from props).
    current = new RunRecordStore(options);
    setStore(current);
    setKey(nextKey);
  }
  useEffect(() => {
    current.start();
    return () => current.stop();
  }, [current]);
  const snapshot = useSyncExternalStore(current.subscribe, current.getSnapshot, current.getSnapshot);
  return { ...snapshot, refresh: current.refresh };
}
