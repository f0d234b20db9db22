'use client';
import {
  CheckOutlined,
  CopyOutlined,
  DeleteOutlined,
  DislikeFilled,
  DislikeOutlined,
  EditOutlined,
  LikeFilled,
  LikeOutlined,
  RedoOutlined,
} from '@ant-design/icons';
import type { AgentUIMessage, StoredMessageMetadata } from '@x/agent-react';
import { Button, Input, Space } from 'antd';
import { memo, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Bubble } from '../antdx.js';
import { useAgentUIConfig } from '../config.js';
import { useMessageContext, type FeedbackValue, type MessageAction } from '../chat/message-context.js';
import { ActionButton, MessageParts } from './message-parts.js';
import { MessageBoundary } from './message-boundary.js';
import { messageText } from './message-text.js';
import { ReplyEnd } from './reply-end.js';

/** Props of {@link AgentMessage}. Keep them stable: the component re-renders only when they change. */
export interface AgentMessageProps {
  message: AgentUIMessage;
  /** This message is receiving tokens. */
  streaming?: boolean;
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
const toolbarStyle: CSSProperties = { display: 'flex', gap: 2, flexWrap: 'wrap' };
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
  canRegenerate = false,
  awaitingApproval = false,
  feedback: feedbackProp,
  deferActions = false,
  style,
}: AgentMessageProps) {
  const feedback = feedbackProp !== undefined ? feedbackProp : ((message.metadata as StoredMessageMetadata | undefined)?.feedback?.value ?? null);
  const { handlers, display } = useMessageContext('AgentMessage');
  const { strings } = useAgentUIConfig();
  const [editing, setEditing] = useState<string | null>(null);
  // Once shown, the toolbar stays (no flicker when the pointer leaves).
  const [actionsShown, setActionsShown] = useState(!deferActions);
  const showActions = actionsShown || !deferActions || feedback !== null;
  const toolbarRef = useRef<HTMLDivElement>(null);
  const focusFirstAction = useRef(false);
  const revealActions = () => {
    focusFirstAction.current = true;
    setActionsShown(true);
  };
  const focusEdit = useRef(false);
  useEffect(() => {
    if (editing !== null || !focusEdit.current) return;
    focusEdit.current = false;
    const buttons = toolbarRef.current?.querySelectorAll<HTMLElement>('button') ?? [];
    Array.from(buttons).find((button) => button.getAttribute('aria-label') === strings.edit)?.focus();
  }, [editing, strings.edit]);
  useEffect(() => {
    if (!showActions || !focusFirstAction.current) return;
    focusFirstAction.current = false;
    toolbarRef.current?.querySelector<HTMLElement>('button:not([disabled])')?.focus();
  }, [showActions]);
  const isUser = message.role === 'user';
  const actions = display.actions ?? ALL_ACTIONS;
  const show = (action: MessageAction) => actions.includes(action);
  const text = messageText(message);
  const empty = !hasVisibleContent(message);

  // Closing the editor brings the focus back to the Edit button (the editor's fields go away).
  const closeEditor = () => {
    focusEdit.current = true;
    setEditing(null);
  };
  const save = () => {
    if (editing?.trim()) handlers.edit(message.id, editing.trim());
    closeEditor();
  };

  if (message.role === 'system') return null;

  const content =
    editing !== null ? (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Input.TextArea
          aria-label={strings.edit}
          value={editing}
          autoFocus
          autoSize={{ minRows: 1, maxRows: 10 }}
          onChange={(event) => setEditing(event.target.value)}
          onKeyDown={(event) => {
            // As in the composer: Enter saves, Shift+Enter adds a line; Escape cancels.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              save();
            } else if (event.key === 'Escape') closeEditor();
          }}
        />
        <Space style={{ marginTop: 8 }}>
          <Button htmlType="submit" type="primary" size="small">
            {strings.saveEdit}
          </Button>
          <Button size="small" onClick={closeEditor}>
            {strings.cancelEdit}
          </Button>
        </Space>
      </form>
    ) : (
      <>
        <MessageBoundary resetKey={message}>
          <MessageParts message={message} streaming={streaming} />
        </MessageBoundary>
        {streaming ? null : <ReplyEnd message={message} />}
      </>
    );

  const footer =
    streaming || editing !== null || empty ? null : !showActions ? (
      actions.length === 0 ? null : <button type="button" aria-label={strings.messageActions} style={actionsStandInStyle} onFocus={revealActions} onClick={revealActions} />
    ) : (
      <div ref={toolbarRef} role="toolbar" aria-label={strings.messageActions} style={toolbarStyle}>
        {show('copy') && text ? <CopyAction label={strings.copy} copiedLabel={strings.copied} onCopy={() => handlers.copy(message)} /> : null}
        {isUser && show('edit') ? <ActionButton label={strings.edit} icon={<EditOutlined />} onClick={() => setEditing(text)} /> : null}
        {!isUser && show('regenerate') && canRegenerate ? (
          <ActionButton label={strings.regenerate} icon={<RedoOutlined />} onClick={() => handlers.regenerate(message.id)} />
        ) : null}
        {!isUser && show('feedback') && !awaitingApproval ? (
          <>
            <ActionButton
              label={strings.like}
              icon={feedback === 'like' ? <LikeFilled /> : <LikeOutlined />}
              pressed={feedback === 'like'}
              onClick={() => handlers.feedback(message.id, feedback === 'like' ? null : 'like')}
            />
            <ActionButton
              label={strings.dislike}
              icon={feedback === 'dislike' ? <DislikeFilled /> : <DislikeOutlined />}
              pressed={feedback === 'dislike'}
              onClick={() => handlers.feedback(message.id, feedback === 'dislike' ? null : 'dislike')}
            />
          </>
        ) : null}
        {show('delete') ? <ActionButton label={strings.delete} icon={<DeleteOutlined />} onClick={() => handlers.delete(message.id)} /> : null}
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
      <Bubble
        content={content}
        placement={isUser ? 'end' : 'start'}
        variant={isUser ? 'filled' : 'borderless'}
        loading={streaming && empty}
        styles={isUser ? userStyles : assistantStyles}
        footer={footer}
        footerPlacement={isUser ? 'outer-end' : 'outer-start'}
      />
    </article>
  );
});

/** How long the Copy button says "Copied" after a click. */
const COPIED_MS = 2_000;

/** The Copy action: after a click it says "Copied" (label, tooltip and a check mark) for two seconds. */
function CopyAction({ label, copiedLabel, onCopy }: { label: string; copiedLabel: string; onCopy: () => void }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <ActionButton
      label={copied ? copiedLabel : label}
      icon={copied ? <CheckOutlined /> : <CopyOutlined />}
      onClick={() => {
        onCopy();
        setCopied(true);
      }}
    />
  );
}
