/**
 * `@x/agent-core/runs`: the record of a run (its steps, tool calls, tokens and timings) —
 * `RunRecordStore`. The records' types are in `@x/agent-protocol/routes`.
 */
export { RunRecordStore, type RunRecordOptions, type RunRecordSnapshot } from './run-record-store.js';
