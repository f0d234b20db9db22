// Everything a chat needs only after an interaction or for rarer content, in ONE chunk behind one
// `import()` (load-on-demand.ts): several chunks would each cost a request and lose gzip context at
// their boundaries, and make the bundler split the first load too (see load-on-demand.ts). These modules import first-load modules (config, styles, format),
// never the other way round: nothing here is reachable from the first load without the `import()`.
// A component that renders antd / Ant Design X components whose rules `antd.css` does not hold (it
// holds a chat's first paint: Button, Bubble, Sender) comes with the chunk's antd rules
// (on-demand-rules.tsx, static styles mode); one that renders only those, or none, does not: a
// transcript's toolbars and end marks write no 88 KB of rules into the page as it mounts.
import ThinkModule from '@ant-design/x/es/think/index.js';
import { ApprovalCard as ApprovalCardPart } from '../tools/approval-card.js';
import { ToolCallCard as ToolCallCardPart } from '../tools/tool-call-card.js';
import { ToolGroup as ToolGroupPart } from '../tools/tool-group.js';
import { MessageEditor as MessageEditorPart } from '../transcript/message-actions.js';
import { ErrorAlert as ErrorAlertPart } from '../chat/error-alert.js';
import { LoadingSkeleton as LoadingSkeletonPart } from '../chat/loading-skeleton.js';
import { ChatDrawer as ChatDrawerPart } from '../chat/chat-drawer.js';
import { AttachmentPreview as AttachmentPreviewPart } from '../composer/attachment-preview.js';
import { defaultExport } from './lazy-component.js';
import { FileCard as FileCardX } from './on-demand-antdx.js';
import { withOnDemandRules } from './on-demand-rules.js';

export { OnDemandRules } from './on-demand-rules.js';

export const ApprovalCard = withOnDemandRules(ApprovalCardPart);
export const ToolCallCard = withOnDemandRules(ToolCallCardPart);
export const ToolGroup = withOnDemandRules(ToolGroupPart);
export { ImageGate } from '../markdown/image-gate.js';
export { CompactionMarker } from '../transcript/compaction-marker.js';
export { DeletedMessage } from '../transcript/deleted-message.js';
export const MessageEditor = withOnDemandRules(MessageEditorPart);
// Its feedback reason (Input, Space) writes the rules when it opens (transcript/feedback-reason.tsx).
export { MessageToolbar } from '../transcript/message-actions.js';
export const ErrorAlert = withOnDemandRules(ErrorAlertPart);
export const LoadingSkeleton = withOnDemandRules(LoadingSkeletonPart);
export const ChatDrawer = withOnDemandRules(ChatDrawerPart);
export const AttachmentPreview = withOnDemandRules(AttachmentPreviewPart);
// Dictation: the microphone button and status, and the recorder and speech code they start.
export { DictationButton, DictationStatus } from '../composer/dictation-controls.js';
export { startDictationSession } from '../composer/dictation-session.js';
export { ReplyEndMark } from '../transcript/reply-end-mark.js';
export { OnDemandIconGlyph } from './on-demand-icon-glyph.js';
// Ant Design X components shown behind a stand-in of their size (transcript/think.tsx, file-card.tsx).
export const Think = withOnDemandRules(defaultExport(ThinkModule));
export const FileCard = withOnDemandRules(FileCardX);
// Not here: the MCP App frame and the A2UI surfaces, each the on-demand chunk of its plug-in
// (plugins/mcp-apps.tsx, plugins/a2ui.tsx): a page without the plug-in has none of their code.
