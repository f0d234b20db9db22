// Zod-free modules (safe for client bundles):
export * from './route.js';
export * from './ids.js';
export * from './tool-names.js';
export * from './data-parts.js';
export * from './page-state.js';
export * from './errors.js';
export * from './messages.js';
export * from './conversations.js';
export * from './runs.js';
export * from './run-records.js';
export * from './approval-edits.js';
export * from './transcription.js';
export * from './mcp-apps.js';
// Zod schemas (the server; clients that validate):
export * from './data-part-schemas.js';
export * from './page-state-schemas.js';
export * from './request-body.js';
export * from './generate.js';
export * from './mcp-app-schemas.js';
