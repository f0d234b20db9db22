// Everything a chat needs only after an interaction or for rarer content, in ONE chunk behind one
// `import()` (load-on-demand.ts): several chunks would each cost a request and lose gzip context at
// their boundaries, and make the bundler split the first load too (see load-on-demand.ts). These modules import first-load modules (config, styles, format),
// never the other way round: nothing here is reachable from the first load without the `import()`.
export { ApprovalCard } from '../tools/approval-card.js';
export { ToolCallCard } from '../tools/tool-call-card.js';
export { ToolGroup } from '../tools/tool-group.js';
export { ImageGate } from '../markdown/image-gate.js';
export { CompactionMarker } from '../transcript/compaction-marker.js';
export { DeletedMessage } from '../transcript/deleted-message.js';
export { MessageEditor, MessageToolbar } from '../transcript/message-actions.js';
export { ErrorAlert } from '../chat/error-alert.js';
export { LoadingSkeleton } from '../chat/loading-skeleton.js';
export { ChatDrawer } from '../chat/chat-drawer.js';
export { OnDemandIconGlyph } from './on-demand-icon-glyph.js';
export { AttachmentPreview } from '../composer/attachment-preview.js';
// Dictation: the microphone button and status, and the recorder and speech code they start.
export { DictationButton, DictationStatus } from '../composer/dictation-controls.js';
export { startDictationSession } from '../composer/dictation-session.js';
export { ReplyEndMark } from '../transcript/reply-end-mark.js';
// Ant Design X components shown behind a stand-in of their size (transcript/think.tsx, file-card.tsx).
export * as ThinkModule from '@ant-design/x/es/think/index.js';
export * as FileCardModule from '@ant-design/x/es/file-card/index.js';
// Not here: the MCP App frame and the A2UI surfaces, each the on-demand chunk of its plug-in
// (plugins/mcp-apps.tsx, plugins/a2ui.tsx): a page without the plug-in has none of their code.
