/**
 * `@x/agent-server/store`: the conversation store contract (`ConversationStore` and its records) for
 * an app that writes its own store, the in-memory store (`memoryStore`, tests and demos), the
 * store's errors, and `markDbSystem` (a custom store's spans named after its database). The
 * production stores are `@x/agent-server/postgres` and `@x/agent-server/pglite`.
 */
export * from './store/index.js';
export { markDbSystem } from './tracing/db-spans.js';
