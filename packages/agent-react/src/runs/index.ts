'use client';
/**
 * `@x/agent-react/runs`: the record of a run (its steps, tool calls, tokens and timings) —
 * `useRunRecord` and the framework-free `RunRecordStore`. The records' types are in
 * `@x/agent-protocol/routes`.
 */
export { RunRecordStore, type RunRecordOptions, type RunRecordSnapshot } from './run-record-store.js';
export { useRunRecord, type RunRecordState } from './use-run-record.js';
