// The chat turn's wire. Specialised parts have their own entries: `@x/agent-protocol/routes`
// (conversations, runs, run records, generate, transcription, files), `/a2ui`, `/mcp-apps`.
// Zod-free modules (safe for client bundles):
export * from './route.js';
export * from './ids.js';
export * from './tool-names.js';
export * from './data-parts.js';
// The A2UI types the data parts name (the rest of A2UI is in `@x/agent-protocol/a2ui`).
export { A2UI_VERSION, type A2UIComponent, type A2UICreateSurface, type A2UIDeleteSurface, type A2UIServerMessage, type A2UISurfaceData, type A2UIUpdateComponents, type A2UIUpdateDataModel, type A2UIUserAction } from './a2ui.js';
export * from './page-state.js';
export * from './errors.js';
export * from './messages.js';
export * from './approval-edits.js';
// Zod schemas (the server; clients that validate):
export * from './data-part-schemas.js';
export * from './page-state-schemas.js';
export * from './request-body.js';
