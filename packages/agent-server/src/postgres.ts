/**
 * `@x/agent-server/postgres`: the production conversation store on PostgreSQL. Needs the optional
 * peer `pg` (`npm install pg`); without it `postgresStore({ connectionString })` throws a
 * `ConfigError` naming the package.
 */
export { postgresStore, type PostgresStoreOptions } from './store/postgres-store.js';
export type { SqlStoreOptions } from './store/sql-store.js';
