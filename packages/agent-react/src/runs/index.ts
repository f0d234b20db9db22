export { RunRecordStore, RunRecordError, type RunRecordOptions, type RunRecordSnapshot } from './run-record-store.js';
export { useRunRecord, type RunRecordState } from './use-run-record.js';
export type { AgentRunRecord, RunStepRecord, RunToolCallRecord, RunToolSource, RunUsage, RunRecordStatus } from '@x/agent-protocol/routes';
