'use client';
import type { UseAgentChatResult } from '@x/agent-react';
import { UndoWindows } from '@x/agent-core';
import { createContext, useContext, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

/** Default undo window of a message delete, in ms. */
export const MESSAGE_UNDO_MS = 5_000;

interface HeldDelete {
  /** The chat the message was deleted in: leaving it (another conversation) sends the delete there. */
  chat: UseAgentChatResult;
}

const MessageUndoContext = createContext<MessageUndo | null>(null);
export const MessageUndoProvider = MessageUndoContext.Provider;

/** The provider's message undo (null outside a provider). */
export const useMessageUndoContext = (): MessageUndo | null => useContext(MessageUndoContext);

const rowSelector = (id: string) => `[data-message-id="${CSS.escape(id)}"]`;

/** The first focusable control of the first message after `row` in the document, if any. */
function nextMessageControl(row: Element): HTMLElement | undefined {
  for (const candidate of row.ownerDocument.querySelectorAll<HTMLElement>('[data-message-id]')) {
    if (candidate === row || !(row.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
    const control = candidate.querySelector<HTMLElement>('button:not([disabled])');
    if (control) return control;
  }
  return undefined;
}

interface Latest {
  chat: UseAgentChatResult;
  timeout: number;
  onFocusLost: () => void;
}

/**
 * The provider's message deletes in their undo window. The delete (`chat.deleteMessage`, persisted
 * when the server owns the history) is sent when the window closes, or by `flush`: when the page is
 * hidden (`keepalive`, so it outlives the page), when the chat changes (another conversation) or
 * when the provider unmounts — a delete the user asked for is never lost, and an undone one sends
 * nothing. When the window closes on the "Message deleted — Undo" row that has the focus, the
 * focus moves to the next message (else `onFocusLost`).
 */
export class MessageUndo {
  readonly windows = new UndoWindows<HeldDelete>((messageId, held, close) => this.close(messageId, held.chat, close === 'flush'));
  /** The message just deleted by the user: its row takes the focus once (not when it remounts). */
  private focusNext: string | undefined;

  constructor(private latest: Latest) {}

  /** The provider's current chat, window and focus fallback (read when the user deletes). */
  update(latest: Latest): void {
    this.latest = latest;
  }

  /** Hides the message and holds its delete for the undo window (0: deletes at once). */
  remove = (messageId: string): void => {
    const { chat, timeout, onFocusLost } = this.latest;
    if (timeout <= 0) {
      void chat.deleteMessage(messageId);
      onFocusLost();
    } else if (this.windows.open(messageId, { chat }, timeout)) this.focusNext = messageId;
  };

  /** Shows the message again, with the focus on it; nothing is sent. */
  undo = (messageId: string): void => {
    flushSync(() => this.windows.undo(messageId));
    // The Undo button went with its row: the focus goes to the restored message.
    globalThis.document?.querySelector(rowSelector(messageId))?.querySelector<HTMLElement>('button:not([disabled])')?.focus();
  };

  /** Whether the row of `messageId` should take the focus now (true once per delete). */
  takeFocus(messageId: string): boolean {
    if (this.focusNext !== messageId) return false;
    this.focusNext = undefined;
    return true;
  }

  private close(messageId: string, chat: UseAgentChatResult, flushing: boolean): void {
    if (!flushing) {
      const row = globalThis.document?.querySelector(rowSelector(messageId));
      if (row?.contains(row.ownerDocument.activeElement)) {
        const next = nextMessageControl(row);
        if (next) next.focus();
        else this.latest.onFocusLost();
      }
    }
    void chat.deleteMessage(messageId, { keepalive: flushing });
  }
}

/** The provider's {@link MessageUndo} for `chat`, flushed when the page is hidden, the chat changes or it unmounts. */
export function useMessageUndo(chat: UseAgentChatResult, timeout: number, onFocusLost: () => void): MessageUndo {
  const [undo] = useState(() => new MessageUndo({ chat, timeout, onFocusLost }));
  useLayoutEffect(() => undo.update({ chat, timeout, onFocusLost }));
  useEffect(() => {
    const { windows } = undo;
    globalThis.addEventListener?.('pagehide', windows.flush);
    return () => {
      globalThis.removeEventListener?.('pagehide', windows.flush);
      windows.flush();
    };
  }, [undo, chat]);
  return undo;
}

/** Whether the message is deleted and waits in its undo window (false outside a provider). */
export function useDeletePending(messageId: string): boolean {
  const undo = useContext(MessageUndoContext);
  const windows = undo?.windows;
  return useSyncExternalStore(
    windows?.subscribe ?? noSubscribe,
    () => windows?.has(messageId) ?? false,
    () => false,
  );
}

const noSubscribe = () => () => {};
