'use client';
import type { UseAgentChatResult } from '@x/agent-react';
import { UndoWindows } from '@x/agent-react/internal';
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { whenIdle } from '../lazy/when-idle.js';

/** Default undo window of a message delete, in ms. */
export const MESSAGE_UNDO_MS = 5_000;

interface HeldDelete {
  /** The chat the message was deleted in: leaving it (another conversation) sends the delete there. */
  chat: UseAgentChatResult;
}

/** The provider's message deletes in their undo window. */
export interface MessageUndo {
  /** Hides the message and holds its delete for the undo window (0: deletes at once). */
  remove: (messageId: string) => void;
  /** Shows the message again; nothing is sent. */
  undo: (messageId: string) => void;
  windows: UndoWindows<HeldDelete>;
  /** The message just deleted by the user: its row takes the focus once (not when it remounts). */
  focusNext: { current: string | undefined };
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

/**
 * The provider's undo windows for deleted messages. The delete (`chat.deleteMessage`, persisted
 * when the server owns the history) is sent when the window closes, when the page is hidden
 * (`keepalive`, so it outlives the page), when the chat changes (another conversation) or when the
 * provider unmounts: a delete the user asked for is never lost, and an undone one sends nothing.
 * When the window closes on the "Message deleted — Undo" row that has the focus, the focus moves
 * to the next message (else `onFocusLost`).
 */
export function useMessageUndo(chat: UseAgentChatResult, timeout: number, onFocusLost: () => void): MessageUndo {
  const focusLost = useRef(onFocusLost);
  useLayoutEffect(() => {
    focusLost.current = onFocusLost;
  });
  const [windows] = useState(
    () =>
      new UndoWindows<HeldDelete>((messageId, held, close) => {
        if (close === 'timeout') {
          const row = globalThis.document?.querySelector(rowSelector(messageId));
          if (row?.contains(row.ownerDocument.activeElement)) {
            const next = nextMessageControl(row);
            if (next) next.focus();
            else focusLost.current();
          }
        }
        void held.chat.deleteMessage(messageId, { keepalive: close === 'flush' });
      }),
  );
  // The "Message deleted — Undo" row is in the on-demand chunk: have it before the first delete.
  useEffect(() => whenIdle(() => void preloadOnDemand().catch(() => {})), []);
  useEffect(() => {
    globalThis.addEventListener?.('pagehide', windows.flush);
    return () => {
      globalThis.removeEventListener?.('pagehide', windows.flush);
      windows.flush();
    };
  }, [windows, chat]);
  const latest = useRef({ chat, timeout });
  useLayoutEffect(() => {
    latest.current = { chat, timeout };
  });
  const [undo] = useState<MessageUndo>(() => ({
    windows,
    focusNext: { current: undefined },
    remove: (messageId) => {
      const { chat, timeout } = latest.current;
      if (timeout <= 0) {
        void chat.deleteMessage(messageId);
        focusLost.current();
      } else if (windows.open(messageId, { chat }, timeout)) undo.focusNext.current = messageId;
    },
    undo: (messageId) => {
      flushSync(() => windows.undo(messageId));
      // The Undo button went with its row: the focus goes to the restored message.
      globalThis.document?.querySelector(rowSelector(messageId))?.querySelector<HTMLElement>('button:not([disabled])')?.focus();
    },
  }));
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
