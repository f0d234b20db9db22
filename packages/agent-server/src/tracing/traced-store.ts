import type { ConversationStore } from '../store/types.js';
import { STORE_METHODS } from '../store/guarded-store.js';
import { dbSpan, dbSystemOf } from './db-spans.js';

/** The store with a short span (`store.{method}`) around each call, a child of the active span. */
export function traceStore(store: ConversationStore): ConversationStore {
  const system = dbSystemOf(store);
  const traced: Record<string, unknown> = {};
  for (const key of STORE_METHODS) {
    const method = store[key] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (typeof method !== 'function') continue;
    traced[key] = (...args: unknown[]) => dbSpan('store', key, system, () => method.apply(store, args));
  }
  // Same methods as the store, each returning what it returned (see STORE_METHODS).
  return traced as unknown as ConversationStore;
}
