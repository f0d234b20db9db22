import { StoreConflictError, StoreUnavailableError, type ConversationStore } from './types.js';

/** Every method of a `ConversationStore` (the config check and the guard both use this list). */
export const STORE_METHODS = [
  'listConversations',
  'getConversation',
  'listMessages',
  'loadThread',
  'loadTree',
  'switchBranch',
  'loadQueue',
  'saveQueue',
  'renameConversation',
  'deleteConversation',
  'deleteMessage',
  'updateMessageMetadata',
  'beginTurn',
  'finishTurn',
  'listRuns',
  'getRun',
  'touchRun',
  'checkpointRun',
  'close',
] as const satisfies readonly (keyof ConversationStore)[];

/** The methods a store may leave out (the server then does without). */
export const OPTIONAL_STORE_METHODS: readonly (keyof ConversationStore)[] = ['checkpointRun', 'close'];

const METHODS: readonly (keyof ConversationStore)[] = STORE_METHODS;

/**
 * The store as the server calls it: any error but a conflict becomes `StoreUnavailableError` (503
 * `store_unavailable`), so a third-party store that throws its driver's errors never makes a 500.
 */
export function guardedStore(store: ConversationStore): ConversationStore {
  const guarded: Record<string, unknown> = {};
  for (const key of METHODS) {
    const value = store[key];
    if (typeof value !== 'function') continue;
    guarded[key] = async (...args: unknown[]) => {
      try {
        return await (value as (...a: unknown[]) => Promise<unknown>).apply(store, args);
      } catch (error) {
        if (error instanceof StoreConflictError || error instanceof StoreUnavailableError) throw error;
        throw new StoreUnavailableError(`The conversation store failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    };
  }
  // `as unknown as`: built key by key from `STORE_METHODS`, every method of the store wrapped with its own signature.
  return guarded as unknown as ConversationStore;
}
