'use client';
/**
 * `@x/agent-react/runs`: the record of a run (its steps, tool calls, tokens and timings) —
 * `useRunRecord` over `RunRecordStore` from `@x/agent-core/runs` (re-exported here). The records'
 * types are in `@x/agent-protocol/routes`.
 */
export { RunRecordStore, type RunRecordOptions, type RunRecordSnapshot } from '@x/agent-core/runs';
export { useRunRecord, type RunRecordState } from './use-run-record.js';
