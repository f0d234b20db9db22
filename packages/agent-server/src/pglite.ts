/**
 * `@x/agent-server/pglite`: the embedded conversation store (PostgreSQL in WASM, a data folder, no
 * setup). Needs the optional peer `@electric-sql/pglite` (`npm install @electric-sql/pglite`);
 * without it `pgliteStore()` throws a `ConfigError` naming the package.
 */
export { pgliteStore, type PgliteStoreOptions } from './store/pglite-store.js';
export type { SqlStoreOptions } from './store/sql-store.js';
