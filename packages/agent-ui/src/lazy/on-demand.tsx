'use client';
import { memo, type CSSProperties } from 'react';
import { theme } from 'antd';
import { useAccessibleTokens, useAgentUIConfig } from '../config.js';
import type { ApprovalCardProps } from '../tools/approval-card.js';
import { cardStyle } from '../tools/card-style.js';
import type { ToolCallCardProps } from '../tools/tool-call-card.js';
import type { ToolGroupProps } from '../tools/tool-group.js';
import { sameToolParts } from '../tools/tool-parts.js';
import type { MessageEditorProps, MessageToolbarProps } from '../transcript/message-actions.js';
import { lazyComponent } from './lazy-component.js';
import type { OnDemandIconName } from './on-demand-icon-glyph.js';
import type { ReplyEndMarkProps } from '../transcript/reply-end-mark.js';
import type { CompactionMarkerProps } from '../transcript/compaction-marker.js';
import type { DictationButtonProps, DictationStatusProps } from '../composer/dictation-controls.js';
import { loadOnDemand as load } from './load-on-demand.js';

/**
 * The on-demand chunk: one `import()` shared by every component below — what a chat shows only
 * after an interaction or after a reply (a message's actions and its editor, the approval input
 * editor, a full tool result, the undo row of a deleted message) or for rarer content (an image in a reply, the compaction marker). Each renders a
 * stand-in of about its size until the chunk is there; `preloadOnDemand` fetches it when the
 * browser is idle after the first paint.
 */


interface ImageProps {
  src: string | undefined;
  alt: string | undefined;
  title: string | undefined;
}

function ImageStandIn({ alt }: ImageProps) {
  return <span className="x-agent-image-blocked">{alt}</span>;
}

/**
 * The antd rules of the on-demand parts (static styles mode), for a part of the first load that
 * shows some of their components (the queue's editor): nothing until the chunk is there.
 */
export const OnDemandRules = lazyComponent<object>(async () => (await load()).OnDemandRules, () => null);

/** An image of model output behind the image gate. */
export const ImageGate = lazyComponent<ImageProps>(
  async () => (await load()).ImageGate,
  (props) => <ImageStandIn {...props} />,
);

const compactionStandIn: CSSProperties = { minHeight: 24, margin: '8px 0', textAlign: 'center', opacity: 0.7, fontSize: '0.85em' };

function CompactionStandIn() {
  const { strings } = useAgentUIConfig();
  return <div style={compactionStandIn}>{strings.compactionMarker}</div>;
}

/** A `data-compaction` part: "Earlier messages were summarized", expandable to the summary. */
export const CompactionMarker = lazyComponent<CompactionMarkerProps>(
  async () => (await load()).CompactionMarker,
  () => <CompactionStandIn />,
);

/** The "Message deleted — Undo" row of a message in its undo window. */
export const DeletedMessage = lazyComponent<{ messageId: string; style?: CSSProperties | undefined }>(
  async () => (await load()).DeletedMessage,
  ({ messageId, style }) => <div data-message-id={messageId} data-xagent-message-deleted="" style={{ ...style, minHeight: 32 }} />,
);

/** A tool call's card. The stand-in has no role: tests and assistive tech meet the card itself. */
export const ToolCallCard = lazyComponent<ToolCallCardProps>(
  async () => (await load()).ToolCallCard,
  () => <div aria-busy="true" style={{ ...cardStyle, minHeight: 56 }} />,
);

const LazyToolGroup = lazyComponent<ToolGroupProps>(
  async () => (await load()).ToolGroup,
  () => <div aria-busy="true" style={{ ...cardStyle, minHeight: 40 }} />,
);

/**
 * Consecutive tool calls collapsed into one line ("Used lookupOrder 20 times"). Memoized here too:
 * while later text of the message streams, the settled group does not re-render.
 */
export const ToolGroup = Object.assign(
  memo(LazyToolGroup, (prev, next) => prev.resultDisplay === next.resultDisplay && sameToolParts(prev.parts, next.parts)),
  { preload: LazyToolGroup.preload },
);

function ApprovalStandIn({ call }: ApprovalCardProps) {
  const { strings } = useAgentUIConfig();
  return (
    <section aria-busy="true" style={{ ...cardStyle, minHeight: 96 }}>
      <div style={{ fontWeight: 600 }}>{strings.approvalTitle(call.toolName)}</div>
    </section>
  );
}

/** A tool call waiting for approval (and its answer). */
export const ApprovalCard = lazyComponent<ApprovalCardProps>(
  async () => (await load()).ApprovalCard,
  (props) => <ApprovalStandIn {...props} />,
);

/** A message's action toolbar (and its icons): a stand-in of the toolbar's height until loaded. */
export const MessageToolbar = lazyComponent<MessageToolbarProps>(
  async () => (await load()).MessageToolbar,
  () => <div style={{ height: 'var(--ant-control-height-sm, 24px)' }} />,
);

/** The editor of a user message. */
export const MessageEditor = lazyComponent<MessageEditorProps>(
  async () => (await load()).MessageEditor,
  ({ initial }) => <div aria-busy="true" style={{ minHeight: 72, whiteSpace: 'pre-wrap' }}>{initial}</div>,
);

/**
 * An antd icon that shows only with some content or in some modes (a reasoning block's bulb, the
 * drawer's launcher): an empty box of the icon's size (1em, as antd's
 * `.anticon`) until the on-demand chunk is there, so nothing moves when the glyph appears.
 */
export const OnDemandIcon = lazyComponent<{ name: OnDemandIconName; decorative?: boolean }>(
  async () => (await load()).OnDemandIconGlyph,
  () => <span role="img" aria-hidden="true" className="anticon" style={{ display: 'inline-block', width: '1em', height: '1em' }} />,
);

/** A pending attachment's card in the composer (a file is picked, so the chunk is normally there). */
export const AttachmentPreview = lazyComponent<{ file: File }>(
  async () => (await load()).AttachmentPreview,
  ({ file }) => <div aria-busy="true" style={{ width: 268, minHeight: 40 }}>{file.name}</div>,
);

/**
 * The composer's microphone button (dictation is on): the chunk it comes with also has the recorder
 * and speech code it starts. Until then, an empty space of its size (a 32 px icon button).
 */
export const DictationButton = lazyComponent<DictationButtonProps>(
  async () => (await load()).DictationButton,
  () => <span aria-hidden="true" data-xagent-dictation="loading" style={{ display: 'inline-block', width: 32, height: 32, verticalAlign: 'middle' }} />,
);

/** Under the composer: dictation's live region, recording indicator and problem (nothing shows while idle). */
export const DictationStatus = lazyComponent<DictationStatusProps>(
  async () => (await load()).DictationStatus,
  () => null,
);

/**
 * The mark under a reply that did not end normally ("Stopped", "Interrupted — Retry"); until the
 * chunk is there, its words without the button, in the mark's place.
 */
export const ReplyEndMark = lazyComponent<ReplyEndMarkProps>(
  async () => (await load()).ReplyEndMark,
  ({ end }) => <ReplyEndStandIn end={end} />,
);

function ReplyEndStandIn({ end }: { end: ReplyEndMarkProps['end'] }) {
  const { strings } = useAgentUIConfig();
  const { token } = theme.useToken();
  const color = useAccessibleTokens().colorTextSecondary ?? token.colorTextSecondary;
  return (
    <div data-xagent-reply-end={end} style={{ marginTop: 4, minHeight: token.controlHeightSM, display: 'flex', alignItems: 'center', color }}>
      {end === 'stopped' ? strings.stopped : strings.interrupted}
    </div>
  );
}

/**
 * Loads the on-demand chunk now, and readies every component above (an instance that mounts
 * afterwards renders at once, without its stand-in); resolves when they are.
 */
export const preloadOnDemand = (): Promise<void> =>
  Promise.all([OnDemandIcon, AttachmentPreview, DictationButton, DictationStatus, ReplyEndMark, ImageGate, CompactionMarker, DeletedMessage, MessageToolbar, MessageEditor, ToolCallCard, ToolGroup, ApprovalCard].map((component) => component.preload())).then(() => undefined);
