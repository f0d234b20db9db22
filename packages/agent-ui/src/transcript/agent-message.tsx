'use client';
import type { AgentUIMessage } from '@x/agent-protocol';
import type { StoredMessageMetadata } from '@x/agent-protocol/routes';
import { CollapsibleContent } from './collapsible-content.js';
import { memo, useState, type CSSProperties } from 'react';
import { MessageBubble } from './message-bubble.js';
import { useAgentUIConfig } from '../config.js';
import { useMessageContext, type FeedbackValue, type MessageAction } from '../chat/message-context.js';
import { DeletedMessage, MessageEditor, MessageToolbar } from '../lazy/on-demand.js';
import { MessageParts } from './message-parts.js';
import { MessageBoundary } from './message-boundary.js';
import { ToolbarFocus } from './toolbar-focus.js';
import { messageText } from '../message-content/message-text.js';
import { useDeletePending } from './message-undo.js';
import { useChatPlugins } from '../plugins/plugins-context.js';
import { ReplyEnd } from './reply-end.js';

/** Props of {@link AgentMessage}. Keep them stable: the component re-renders only when they change. */
export interface AgentMessageProps {
  message: AgentUIMessage;
  /** This message is receiving tokens. */
  streaming?: boolean;
  /**
   * This message is the reply of the turn in progress, or of the one that ended in this update
   * (default: `streaming`): text that appears in it is read to screen readers from its first word
   * (see `MessageParts`).
   */
  live?: boolean;
  /** Regenerate is offered (usually: last assistant message, chat idle). */
  canRegenerate?: boolean;
  /** The reply waits for the user's approval: feedback (like Regenerate) does not apply yet. */
  awaitingApproval?: boolean;
  /** Current feedback on this message (default: the one kept in its metadata, see `setFeedback`). */
  feedback?: FeedbackValue | null;
  /**
   * Render the action toolbar on demand: when the pointer enters the message or focus moves into it
   * (default false: at once). Until then an invisible button named "Message actions", of the
   * toolbar's height, stands in: the layout does not shift, and keyboard and screen-reader users
   * reach the actions (focusing or activating it shows the toolbar and moves focus to its first
   * action). Long transcripts use it for loaded history (about 20 fewer elements per message).
   */
  deferActions?: boolean;
  /** Style of the message's root element (e.g. `content-visibility` in long lists). */
  style?: CSSProperties;
}

const ALL_ACTIONS: readonly MessageAction[] = ['copy', 'edit', 'delete', 'regenerate', 'feedback'];

const userContentStyle: CSSProperties = {
  background: 'var(--xagent-user-bubble-bg)',
  color: 'var(--xagent-user-bubble-color)',
  borderRadius: 'var(--xagent-bubble-radius)',
  padding: 'var(--xagent-bubble-padding)',
  maxWidth: '100%',
};
const assistantContentStyle: CSSProperties = {
  background: 'var(--xagent-assistant-bubble-bg)',
  color: 'var(--xagent-assistant-bubble-color)',
  borderRadius: 'var(--xagent-bubble-radius)',
  width: '100%',
  minWidth: 0,
};
/**
 * The stand-in for a toolbar not rendered yet: invisible, one element, the toolbar's height (small
 * buttons), so revealing the toolbar does not move anything.
 */
const actionsStandInStyle: CSSProperties = {
  display: 'block',
  width: 1,
  height: 'var(--ant-control-height-sm, 24px)',
  padding: 0,
  margin: 0,
  border: 0,
  background: 'none',
  opacity: 0,
  overflow: 'hidden',
};
const userStyles = { content: userContentStyle, root: { maxWidth: 'var(--xagent-user-bubble-max-width)', marginInlineStart: 'auto' } };
const assistantStyles = { content: assistantContentStyle, root: { width: '100%' }, body: { width: '100%', minWidth: 0 } };


const footerStyle: CSSProperties = { display: 'flex', alignItems: 'center', gap: 4, flexWrap: 'wrap' };

function hasVisibleContent(message: AgentUIMessage): boolean {
  return (message.parts ?? []).some((part) => part?.type !== 'step-start' && !(part?.type === 'text' && part.text === ''));
}

/**
 * One message: every part rendered, plus its actions. Memoized: while another message streams,
 * this one does not re-render (its `message` object keeps its identity and the handlers it uses
 * come from a stable context). Its actions act on the chat of the nearest `AgentChatProvider`;
 * it throws without one.
 */
export const AgentMessage = memo(function AgentMessage({
  message,
  streaming = false,
  live = streaming,
  canRegenerate = false,
  awaitingApproval = false,
  feedback: feedbackProp,
  deferActions = false,
  style,
}: AgentMessageProps) {
  const feedback = feedbackProp !== undefined ? feedbackProp : ((message.metadata as StoredMessageMetadata | undefined)?.feedback?.value ?? null);
  const { handlers, display } = useMessageContext('AgentMessage');
  const deleted = useDeletePending(message.id);
  const { messageFooters } = useChatPlugins();
  const { strings } = useAgentUIConfig();
  // The text the editor opens with, while the user edits the message.
  const [editing, setEditing] = useState<string | null>(null);
  // Once shown, the toolbar stays (no flicker when the pointer leaves).
  const [actionsShown, setActionsShown] = useState(!deferActions);
  const showActions = actionsShown || !deferActions || feedback !== null;
  // Where the toolbar puts the focus when it renders next (it may still be loading).
  const [toolbarFocus] = useState(() => new ToolbarFocus());
  const revealActions = () => {
    toolbarFocus.request('first');
    setActionsShown(true);
  };
  const isUser = message.role === 'user';
  const actions = display.actions ?? ALL_ACTIONS;
  const text = messageText(message);
  const empty = !hasVisibleContent(message);

  // Closing the editor brings the focus back to the Edit button (the editor's fields go away).
  const closeEditor = () => {
    toolbarFocus.request('edit');
    setEditing(null);
  };

  if (message.role === 'system') return null;
  // Deleted, within its undo window: a "Message deleted — Undo" row in its place.
  if (deleted) return <DeletedMessage messageId={message.id} style={style} />;

  const content =
    editing !== null ? (
      <MessageEditor
        initial={editing}
        onSave={(edited) => {
          if (!edited) return closeEditor();
          // A saved edit sends a new version of the message (its row may be replaced): the
          // composer takes the focus, as after Regenerate (see the provider's `edit`).
          setEditing(null);
          handlers.edit(message.id, edited);
        }}
        onCancel={closeEditor}
      />
    ) : (
      <>
        <MessageBoundary resetKey={message}>
          {isUser ? (
            // A long sent message collapses with "Show more" (a reply streams in full).
            <CollapsibleContent>
              <MessageParts message={message} streaming={streaming} live={live} />
            </CollapsibleContent>
          ) : (
            <MessageParts message={message} streaming={streaming} live={live} />
          )}
        </MessageBoundary>
        {streaming ? null : <ReplyEnd message={message} />}
      </>
    );

  const actionsFooter =
    streaming || editing !== null || empty ? null : !showActions ? (
      actions.length === 0 ? null : <button type="button" aria-label={strings.messageActions} style={actionsStandInStyle} onFocus={revealActions} onClick={revealActions} />
    ) : (
      <MessageToolbar
        message={message}
        text={text}
        actions={actions}
        canRegenerate={canRegenerate}
        awaitingApproval={awaitingApproval}
        feedback={feedback}
        onEdit={() => setEditing(text)}
        focus={toolbarFocus}
      />
    );
  // Plug-ins show their parts before the actions (the branches plug-in: ‹ 2 / 3 › on a message with other versions).
  const footer =
    messageFooters.length === 0 || streaming || editing !== null ? (
      actionsFooter
    ) : (
      <div style={footerStyle}>
        {messageFooters.map((Footer, i) => (
          <Footer key={i} messageId={message.id} />
        ))}
        {actionsFooter}
      </div>
    );

  return (
    <article
      aria-label={isUser ? strings.you : strings.assistant}
      data-xagent-message={message.role}
      data-message-id={message.id}
      data-streaming={streaming || undefined}
      style={style}
      onPointerEnter={showActions ? undefined : () => setActionsShown(true)}
      onFocus={showActions ? undefined : () => setActionsShown(true)}
    >
      <MessageBubble
        content={content}
        placement={isUser ? 'end' : 'start'}
        variant={isUser ? 'filled' : 'borderless'}
        loading={streaming && empty}
        styles={isUser ? userStyles : assistantStyles}
        footer={footer}
      />
    </article>
  );
});
