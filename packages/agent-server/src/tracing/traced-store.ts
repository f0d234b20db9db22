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
  // `as unknown as`: built key by key from `STORE_METHODS`, each method the store's own, wrapped in a
  // span and returning what it returned.
  return traced as unknown as ConversationStore;
}
