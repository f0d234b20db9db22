'use client';
import { CheckOutlined, CopyOutlined, DeleteOutlined, DislikeFilled, DislikeOutlined, EditOutlined, LikeFilled, LikeOutlined, RedoOutlined } from '@ant-design/icons-svg';
import type { AgentUIMessage } from '@x/agent-protocol';
import { Button, Input, Space } from 'antd';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useAgentUIConfig } from '../config.js';
import { useMessageContext, type FeedbackValue, type MessageAction } from '../chat/message-context.js';
import { FeedbackReason } from './feedback-reason.js';
import type { ToolbarFocus } from './toolbar-focus.js';
import { ActionButton } from '../buttons/action-button.js';
import { KIT_STYLE_SHEET, useKitStylesHandled } from '../styles/kit-styles.js';


/** Props of {@link MessageToolbar}. */
export interface MessageToolbarProps {
  message: AgentUIMessage;
  /** The message's plain text ('' when it has none: no Copy). */
  text: string;
  actions: readonly MessageAction[];
  canRegenerate: boolean;
  awaitingApproval: boolean;
  feedback: FeedbackValue | null;
  onEdit: () => void;
  focus: ToolbarFocus;
}

const toolbarStyle: CSSProperties = { display: 'flex', gap: 2, flexWrap: 'wrap' };

/**
 * A message's actions: copy, edit, regenerate, like / dislike, delete. In the on-demand chunk with
 * its icons (a toolbar-high stand-in until then): nothing of it is needed for the first paint.
 */
export function MessageToolbar({ message, text, actions, canRegenerate, awaitingApproval, feedback, onEdit, focus }: MessageToolbarProps) {
  const { handlers } = useMessageContext('AgentMessage');
  const { strings } = useAgentUIConfig();
  const stylesHandled = useKitStylesHandled();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const want = focus.take();
    if (!want) return;
    const buttons = Array.from(ref.current?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? []);
    (want === 'edit' ? buttons.find((button) => button.getAttribute('aria-label') === strings.edit) : buttons[0])?.focus();
  });
  const isUser = message.role === 'user';
  const show = (action: MessageAction) => actions.includes(action);
  // "Not helpful" asks for an optional reason and is sent once, when that box closes: with the reason
  // (Send), or without (Skip, Escape, another choice, or the message going away) — one request, one
  // stored feedback. Meanwhile the button shows it as chosen. Closing returns the focus to the button.
  const [askReason, setAskReason] = useState(false);
  const unsent = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    unsent.current = askReason ? () => handlers.feedback(message.id, 'dislike') : undefined;
  }, [askReason, handlers, message.id]);
  useEffect(() => () => unsent.current?.(), []);
  const closeReason = () => {
    unsent.current = undefined;
    setAskReason(false);
    ref.current?.querySelector<HTMLElement>(`[aria-label="${CSS.escape(strings.dislike)}"]`)?.focus();
  };
  const shown = askReason ? 'dislike' : feedback;
  return (
    <>
    {/* Outside the kit's providers (a bare message list) the toolbar brings the kit's stylesheet itself. */}
    {stylesHandled ? null : KIT_STYLE_SHEET}
    <div ref={ref} role="toolbar" aria-label={strings.messageActions} style={toolbarStyle}>
      {/* Under a pending approval the reply is not finished: nothing to copy or delete yet. */}
      {show('copy') && text && !awaitingApproval ? <CopyAction label={strings.copy} copiedLabel={strings.copied} onCopy={() => handlers.copy(message)} /> : null}
      {isUser && show('edit') ? <ActionButton label={strings.edit} icon={EditOutlined} onClick={onEdit} /> : null}
      {!isUser && show('regenerate') && canRegenerate ? (
        <ActionButton label={strings.regenerate} icon={RedoOutlined} onClick={() => handlers.regenerate(message.id)} />
      ) : null}
      {!isUser && show('feedback') && !awaitingApproval ? (
        <>
          <ActionButton
            label={strings.like}
            icon={shown === 'like' ? LikeFilled : LikeOutlined}
            pressed={shown === 'like'}
            onClick={() => {
              unsent.current = undefined;
              setAskReason(false);
              handlers.feedback(message.id, feedback === 'like' ? null : 'like');
            }}
          />
          <ActionButton
            label={strings.dislike}
            icon={shown === 'dislike' ? DislikeFilled : DislikeOutlined}
            pressed={shown === 'dislike'}
            onClick={() => {
              if (askReason) {
                // Pressed again before it was sent: nothing is sent.
                unsent.current = undefined;
                setAskReason(false);
              } else if (feedback === 'dislike') handlers.feedback(message.id, null);
              else setAskReason(true);
            }}
          />
        </>
      ) : null}
      {show('delete') && !awaitingApproval ? <ActionButton label={strings.delete} icon={DeleteOutlined} onClick={() => handlers.delete(message.id)} /> : null}
    </div>
    {askReason ? (
      <FeedbackReason
        onSubmit={(comment) => {
          closeReason();
          handlers.feedback(message.id, 'dislike', comment);
        }}
        onClose={() => {
          closeReason();
          handlers.feedback(message.id, 'dislike');
        }}
      />
    ) : null}
    </>
  );
}

/** Props of {@link MessageEditor}. */
export interface MessageEditorProps {
  initial: string;
  /** Called with the trimmed text ('' when nothing is left: no resend). */
  onSave: (text: string) => void;
  onCancel: () => void;
}

/** Edits a user message: Enter saves and resends, Shift+Enter adds a line, Escape cancels. */
export function MessageEditor({ initial, onSave, onCancel }: MessageEditorProps) {
  const { strings } = useAgentUIConfig();
  const [text, setText] = useState(initial);
  const save = () => onSave(text.trim());
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Input.TextArea
        aria-label={strings.edit}
        dir="auto"
        value={text}
        autoFocus
        autoSize={{ minRows: 1, maxRows: 10 }}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // As in the composer: Enter saves, Shift+Enter adds a line; Escape cancels.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            save();
          } else if (event.key === 'Escape') {
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      <Space style={{ marginTop: 8 }}>
        <Button htmlType="submit" type="primary" size="small">
          {strings.saveEdit}
        </Button>
        <Button size="small" onClick={onCancel}>
          {strings.cancelEdit}
        </Button>
      </Space>
    </form>
  );
}

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
      icon={copied ? CheckOutlined : CopyOutlined}
      onClick={() => {
        onCopy();
        setCopied(true);
      }}
    />
  );
}
