'use client';
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { type SharedStateSource, createSharedStateStore, type SharedStateOptions, type SharedStateStore, type SharedStateWrite } from '@x/agent-core';

/** What `useSharedState` returns: the current value and log, the store, and its operations. */
export interface SharedState<T extends Record<string, unknown>> {
  /** The exposed slice (re-renders when it changes). */
  value: T;
  /** Every write, oldest first (re-renders when it changes). */
  log: readonly SharedStateWrite[];
  /** Pass to `useAgentChat({ sharedState })`; also usable outside React. */
  store: SharedStateStore<T>;
  set: SharedStateStore<T>['set'];
  undo: SharedStateStore<T>['undo'];
  undoTurn: SharedStateStore<T>['undoTurn'];
  undoToolCall: SharedStateStore<T>['undoToolCall'];
}

/**
 * Shares a slice of app state with the agent. `source` is a plain object (the initial value, kept by
 * the hook), an app's store of zustand's shape, or `{ value, onChange }` for state the app already owns (read on every
 * render). Options (`keys`, `writable`, `validate`) are read on every render. Pass the result (or
 * its `store`) as `useAgentChat({ sharedState })`: the agent then sees the value at send time and
 * its `update-page-state` writes go through the allowlist.
 */
export function useSharedState<T extends Record<string, unknown>>(
  source: SharedStateSource<T>,
  options: SharedStateOptions = {},
): SharedState<T> {
  const [store] = useState(() => createSharedStateStore(source, options));
  useLayoutEffect(() => {
    store.configure(options, source);
  });
  const value = useSyncExternalStore(store.subscribe, () => store.getSnapshot().value, () => store.getSnapshot().value);
  const log = useSyncExternalStore(store.subscribe, () => store.getSnapshot().log, () => store.getSnapshot().log);
  return { value, log, store, set: store.set, undo: store.undo, undoTurn: store.undoTurn, undoToolCall: store.undoToolCall };
}
