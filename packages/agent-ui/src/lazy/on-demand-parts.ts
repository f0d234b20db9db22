// Everything a chat needs only after an interaction or for rarer content, in ONE chunk behind one
// `import()` (load-on-demand.ts): several chunks would each cost a request and lose gzip context at
// their boundaries, and make the bundler split the first load too (see load-on-demand.ts). These modules import first-load modules (config, styles, format),
// never the other way round: nothing here is reachable from the first load without the `import()`.
// Each component comes with the antd rules of the chunk's components (on-demand-rules.tsx): in the
// static styles mode `antd.css` holds only what a chat's first paint renders.
import ThinkModule from '@ant-design/x/es/think/index.js';
import { ApprovalCard as ApprovalCardPart } from '../tools/approval-card.js';
import { ToolCallCard as ToolCallCardPart } from '../tools/tool-call-card.js';
import { ToolGroup as ToolGroupPart } from '../tools/tool-group.js';
import { ImageGate as ImageGatePart } from '../markdown/image-gate.js';
import { CompactionMarker as CompactionMarkerPart } from '../transcript/compaction-marker.js';
import { DeletedMessage as DeletedMessagePart } from '../transcript/deleted-message.js';
import { MessageEditor as MessageEditorPart, MessageToolbar as MessageToolbarPart } from '../transcript/message-actions.js';
import { ErrorAlert as ErrorAlertPart } from '../chat/error-alert.js';
import { LoadingSkeleton as LoadingSkeletonPart } from '../chat/loading-skeleton.js';
import { ChatDrawer as ChatDrawerPart } from '../chat/chat-drawer.js';
import { AttachmentPreview as AttachmentPreviewPart } from '../composer/attachment-preview.js';
import { DictationButton as DictationButtonPart, DictationStatus as DictationStatusPart } from '../composer/dictation-controls.js';
import { ReplyEndMark as ReplyEndMarkPart } from '../transcript/reply-end-mark.js';
import { defaultExport } from './lazy-component.js';
import { FileCard as FileCardX } from './on-demand-antdx.js';
import { withOnDemandRules } from './on-demand-rules.js';

export { OnDemandRules } from './on-demand-rules.js';

export const ApprovalCard = withOnDemandRules(ApprovalCardPart);
export const ToolCallCard = withOnDemandRules(ToolCallCardPart);
export const ToolGroup = withOnDemandRules(ToolGroupPart);
export const ImageGate = withOnDemandRules(ImageGatePart);
export const CompactionMarker = withOnDemandRules(CompactionMarkerPart);
export const DeletedMessage = withOnDemandRules(DeletedMessagePart);
export const MessageEditor = withOnDemandRules(MessageEditorPart);
export const MessageToolbar = withOnDemandRules(MessageToolbarPart);
export const ErrorAlert = withOnDemandRules(ErrorAlertPart);
export const LoadingSkeleton = withOnDemandRules(LoadingSkeletonPart);
export const ChatDrawer = withOnDemandRules(ChatDrawerPart);
export const AttachmentPreview = withOnDemandRules(AttachmentPreviewPart);
// Dictation: the microphone button and status, and the recorder and speech code they start.
export const DictationButton = withOnDemandRules(DictationButtonPart);
export const DictationStatus = withOnDemandRules(DictationStatusPart);
export { startDictationSession } from '../composer/dictation-session.js';
export const ReplyEndMark = withOnDemandRules(ReplyEndMarkPart);
export { OnDemandIconGlyph } from './on-demand-icon-glyph.js';
// Ant Design X components shown behind a stand-in of their size (transcript/think.tsx, file-card.tsx).
export const Think = withOnDemandRules(defaultExport(ThinkModule));
export const FileCard = withOnDemandRules(FileCardX);
// Not here: the MCP App frame and the A2UI surfaces, each the on-demand chunk of its plug-in
// (plugins/mcp-apps.tsx, plugins/a2ui.tsx): a page without the plug-in has none of their code.
