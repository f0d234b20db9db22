// Everything a chat needs only after an interaction or for rarer content, in ONE chunk behind one
// `import()` (see on-demand.tsx): several small chunks would each cost a request and lose gzip
// context at their boundaries. These modules import first-load modules (config, styles, format),
// never the other way round: nothing here is reachable from the first load without the `import()`.
export { ApprovalInputEditor } from '../tools/approval-input-editor.js';
export { FullResult } from '../tools/full-result.js';
export { ApprovalCard } from '../tools/approval-card.js';
export { ToolCallCard } from '../tools/tool-call-card.js';
export { ToolGroup } from '../tools/tool-group.js';
export { ImageGate } from '../markdown/image-gate.js';
export { CompactionMarker } from '../transcript/compaction-marker.js';
export { DeletedMessage } from '../transcript/deleted-message.js';
export { MessageEditor, MessageToolbar } from '../transcript/message-actions.js';
