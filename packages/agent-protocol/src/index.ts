// The chat turn's wire: its route, messages, data parts, approvals, errors and page state. It imports
// no zod (safe for client bundles). Specialised parts have their own entries:
// `@x/agent-protocol/routes` (conversations, runs, run records, generate, transcription, files),
// `/validation` (the schemas and rules a request is checked against), `/a2ui`, `/mcp-apps`.
export { DEFAULT_BASE_PATH } from './route.js';
export { FILE_TOOL_NAMES, UPDATE_PAGE_STATE_TOOL, type FileToolName } from './tool-names.js';
export * from './data-parts.js';
export type { PageStateRefusal, UpdatePageStateInput, UpdatePageStateOutput } from './page-state.js';
export * from './errors.js';
export * from './messages.js';
export * from './approval-edits.js';
export type { AgentRequestBody, WireUIMessage } from './request-body.js';
