'use client';
import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, EditOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Input, theme as antdTheme } from 'antd';
import { memo, useContext, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useAgentChatSelector, type QueuePausedReason, type UseAgentChatResult } from '@x/agent-react';
import { type AgentUIMessage } from '@x/agent-protocol';
import { useAnnounce } from '../a11y/announcer.js';
import { ChatContext, focusChat } from '../chat/chat-context.js';
import { useAgentUIConfig } from '../config.js';
import type { QueueStrings } from './queue-strings.js';
import { messageText } from '../message-content/message-text.js';
import { useMirrorInRtl } from '../direction.js';
import { OnDemandRules } from '../lazy/on-demand.js';

const listStyle: CSSProperties = { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 4 };
const rowStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  padding: '4px 8px',
  borderRadius: 8,
  border: '1px dashed var(--ant-color-border, #d9d9d9)',
  background: 'var(--ant-color-fill-quaternary, rgba(0,0,0,0.02))',
};
const textStyle: CSSProperties = { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

/** The paused notice's text: the real reason, or none when it is not known. */
function pausedText(t: QueueStrings, reason: QueuePausedReason | undefined): string {
  if (reason === 'failed') return t.pausedFailed;
  if (reason === 'stopped') return t.pausedStopped;
  if (reason === 'restored') return t.pausedRestored;
  return t.paused;
}

/**
 * The messages the user sent while a reply streamed, under it and above the composer, in the order
 * they will be sent: each editable, removable, movable (buttons, or Alt+↑ / Alt+↓ on its row) and
 * sendable now ("Send now" stops the reply). Changes are announced; a paused queue (a failed or
 * stopped reply, a queue back after a reload) says so. Renders nothing while the queue is empty.
 */
export const QueuedMessages = memo(function QueuedMessages() {
  const context = useContext(ChatContext);
  return context ? <QueueView chat={context.chat} focusComposer={() => focusChat(context)} /> : null;
});

function QueueView({ chat, focusComposer }: { chat: UseAgentChatResult; focusComposer: () => void }) {
  const queue = useAgentChatSelector(chat, (snapshot) => snapshot.queue);
  const paused = useAgentChatSelector(chat, (snapshot) => snapshot.queuePaused);
  const pausedReason = useAgentChatSelector(chat, (snapshot) => snapshot.queuePausedReason);
  // The token itself (raised to 4.5:1 by AccessibleTheme, light and dark), not antd's CSS variable:
  // that one is the page theme's unchecked value.
  const { token } = antdTheme.useToken();
  const t = useAgentUIConfig().strings.queue;
  const announce = useAnnounce();
  const count = useRef(queue.length);
  useEffect(() => {
    if (count.current === queue.length) return;
    count.current = queue.length;
    announce(t.queued(queue.length));
  }, [queue.length, announce, t]);
  const listRef = useRef<HTMLOListElement>(null);
  const focusRow = (id: string) => requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-queue-id="${CSS.escape(id)}"]`)?.focus());
  const move = async (id: string, delta: number) => {
    if (!(await chat.moveQueued(id, delta))) return;
    const next = chat.queue;
    announce(t.moved(next.findIndex((m) => m.id === id) + 1, next.length));
    focusRow(id);
  };
  // A removed row takes its buttons with it: the focus goes to the next row (else the previous), or
  // to the composer when the queue is empty, never to the page.
  const remove = async (id: string) => {
    const ids = chat.queue.map((m) => m.id);
    const index = ids.indexOf(id);
    const next = ids[index + 1] ?? ids[index - 1];
    if (!(await chat.removeQueued(id))) return;
    if (next) focusRow(next);
    else focusComposer();
  };
  if (queue.length === 0) return null;
  return (
    <section aria-label={t.list} data-xagent-queue="" style={{ padding: '0 8px' }}>
      {/* Its editor's Input: rules that come with the on-demand parts (antd.css has a chat's first paint only). */}
      <OnDemandRules />
      {paused ? (
        <p role="status" style={{ color: token.colorWarningText, margin: '0 0 4px' }} data-xagent-queue-paused="" data-reason={pausedReason}>
          {pausedText(t, pausedReason)}
        </p>
      ) : null}
      <ol ref={listRef} style={listStyle}>
        {queue.map((message, index) => (
          <QueuedRow key={message.id} chat={chat} message={message} position={index + 1} count={queue.length} onMove={move} onRemove={remove} />
        ))}
      </ol>
    </section>
  );
}

interface RowProps {
  chat: UseAgentChatResult;
  message: AgentUIMessage;
  position: number;
  count: number;
  onMove: (id: string, delta: number) => Promise<void>;
  onRemove: (id: string) => Promise<void>;
}

function QueuedRow({ chat, message, position, count, onMove, onRemove }: RowProps) {
  const t = useAgentUIConfig().strings.queue;
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const mirror = useMirrorInRtl();
  // The editor closed (saved, cancelled, Escape): the focus goes back to the row's Edit button.
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (draft !== undefined || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [draft]);
  const closeEditor = () => {
    refocus.current = true;
    setDraft(undefined);
  };
  const text = messageText(message);
  const files = message.parts.filter((part) => part.type === 'file').length;
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') || draft !== undefined) return;
    event.preventDefault();
    void onMove(message.id, event.key === 'ArrowUp' ? -1 : 1);
  };
  const save = async () => {
    if (draft !== undefined && (await chat.editQueued(message.id, draft))) closeEditor();
  };
  return (
    <li style={rowStyle} tabIndex={-1} data-queue-id={message.id} aria-label={t.item(position, count)} onKeyDown={onKeyDown} data-xagent-queued="">
      {draft === undefined ? (
        <>
          <span style={textStyle} title={text} dir="auto">
            {text}
            {files ? ` (+${files} 📎)` : ''}
          </span>
          <Button ref={editButton} size="small" type="text" icon={<EditOutlined />} aria-label={t.edit} title={t.edit} onClick={() => setDraft(text)} />
          <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={t.moveUp} title={t.moveUp} disabled={position === 1} onClick={() => void onMove(message.id, -1)} />
          <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={t.moveDown} title={t.moveDown} disabled={position === count} onClick={() => void onMove(message.id, 1)} />
          <Button size="small" type="text" icon={<SendOutlined style={mirror} />} aria-label={t.sendNow} title={t.sendNow} onClick={() => void chat.sendNow(message.id)}>
            {t.sendNow}
          </Button>
          <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t.remove} title={t.remove} onClick={() => void onRemove(message.id)} />
        </>
      ) : (
        <>
          <Input.TextArea
            autoFocus
            autoSize={{ minRows: 1, maxRows: 6 }}
            aria-label={t.editLabel}
            dir="auto"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                closeEditor();
              } else if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                void save();
              }
            }}
            style={{ flex: 1 }}
          />
          <Button size="small" type="primary" onClick={() => void save()} disabled={!draft.trim()}>
            {t.save}
          </Button>
          <Button size="small" onClick={closeEditor}>
            {t.cancel}
          </Button>
        </>
      )}
    </li>
  );
}
