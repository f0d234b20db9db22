/**
 * What a chat needs only after its first paint, in one chunk behind one `import()`
 * (`load-on-demand.ts`): showing a transcript and a composer needs none of it, acting does. One
 * chunk, not several: one request, and several `import()`s sharing modules with the first load make
 * Vite 8 (Rolldown) split the first load too (see agent-ui's `lazy/load-on-demand.ts`).
 *
 * - sending and the transport (building requests, decoding the stream), Stop, the answers to tool
 *   calls and approval edits;
 * - when the server owns the history (a conversation with a store): loading and paging it, saving
 *   deletes and feedback, switching branches, keeping the queue, and resumable runs (re-attach after a reload or a dropped connection,
 *   Stop through the server).
 */
export { createAgentTransport } from './transport.js';
export { send } from './send.js';
export { endReconnect, stopRun } from './stop.js';
export { handleToolCall } from './tool-calls.js';
export { withEditedApprovalInput } from './approval-edits.js';
export { loadOlder, loadServerHistory, removeStoredMessage, saveFeedback } from './server-history.js';
export { refreshBranches, switchBranch } from './branches.js';
export { editQueued, moveQueued, removeQueued } from './queue-edits.js';
export { followQueue, restoreQueue, saveQueue, sendQueuedNow } from './queue.js';
export { afterDisconnect, applyRunState, onOffline, onOnline, resumeOnMount, takeDisconnect } from './runs.js';
