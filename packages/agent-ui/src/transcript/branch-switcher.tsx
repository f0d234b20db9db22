'use client';
import { useAgentChatSelector, type UseAgentChatResult } from '@x/agent-react';
import { type MessageBranch } from '@x/agent-protocol/routes';
import { useContext, useSyncExternalStore, type CSSProperties } from 'react';
import { useAgentUIConfig } from '../config.js';
import { useAnnounce } from '../a11y/announcer.js';
import { visuallyHidden } from '../a11y/visually-hidden.js';
import { ChatContext } from '../chat/chat-context.js';

const navStyle: CSSProperties = { display: 'inline-flex', alignItems: 'center', gap: 2, fontSize: 'var(--ant-font-size-sm, 12px)' };
const buttonStyle: CSSProperties = {
  minWidth: 'var(--ant-control-height-sm, 24px)',
  height: 'var(--ant-control-height-sm, 24px)',
  padding: '0 4px',
  border: 0,
  borderRadius: 'var(--ant-border-radius-sm, 4px)',
  background: 'none',
  color: 'inherit',
  cursor: 'pointer',
  font: 'inherit',
};
const disabledStyle: CSSProperties = { ...buttonStyle, cursor: 'default', opacity: 0.4 };
const countStyle: CSSProperties = { fontVariantNumeric: 'tabular-nums', minWidth: '3ch', textAlign: 'center' };

const noSubscribe = () => () => {};

/**
 * The versions of a message in the provider's chat (re-renders only when they change); undefined
 * without versions or outside a provider.
 */
export function useMessageBranch(messageId: string): MessageBranch | undefined {
  const store = useContext(ChatContext)?.chat.store;
  const get = () => store?.getSnapshot().branches[messageId];
  return useSyncExternalStore(store?.subscribe ?? noSubscribe, get, get);
}

/**
 * ‹ 2 / 3 › under a message that has other versions (an edit or a regenerate made them, server
 * history): the arrows show the previous / next version and its newest path (`switchBranch`). Plain
 * buttons (keyboard-reachable, no on-demand code); the position is announced ("Version 2 of 3").
 */
export function BranchSwitcher({ messageId, branch }: { messageId: string; branch: MessageBranch }) {
  const context = useContext(ChatContext);
  return context && branch.count > 1 ? <Switcher chat={context.chat} messageId={messageId} branch={branch} /> : null;
}

const selectBusy = (snapshot: { status: string }) => snapshot.status === 'submitted' || snapshot.status === 'streaming';

function Switcher({ chat, messageId, branch }: { chat: UseAgentChatResult; messageId: string; branch: MessageBranch }) {
  const { strings } = useAgentUIConfig();
  const announce = useAnnounce();
  const busy = useAgentChatSelector(chat, selectBusy);
  const { index, count, siblingIds } = branch;
  const go = (to: number, control: 'previous' | 'next') => {
    void chat.switchBranch(messageId, to).then((switched) => {
      // The version shown is another message (another row): its switcher keeps the focus.
      const target = siblingIds[to];
      if (!switched || target === undefined) return;
      announce(strings.versionOf(to + 1, count));
      setTimeout(() => focusSwitcher(target, control), 0);
    });
  };
  const label = strings.versionOf(index + 1, count);
  return (
    <div role="group" aria-label={strings.versions} data-xagent-branch="" style={navStyle}>
      <button
        type="button"
        aria-label={strings.previousVersion}
        title={strings.previousVersion}
        data-branch-control="previous"
        disabled={busy || index === 0}
        style={busy || index === 0 ? disabledStyle : buttonStyle}
        onClick={() => go(index - 1, 'previous')}
      >
        ‹
      </button>
      <span title={label} style={countStyle}>
        <span aria-hidden="true">
          {index + 1} / {count}
        </span>
        <span style={visuallyHidden}>{label}</span>
      </span>
      <button
        type="button"
        aria-label={strings.nextVersion}
        title={strings.nextVersion}
        data-branch-control="next"
        disabled={busy || index === count - 1}
        style={busy || index === count - 1 ? disabledStyle : buttonStyle}
        onClick={() => go(index + 1, 'next')}
      >
        ›
      </button>
    </div>
  );
}

/** Focuses the switcher of `messageId`'s row: the same arrow when it is enabled, else the other one. */
function focusSwitcher(messageId: string, control: 'previous' | 'next'): void {
  const nav = globalThis.document?.querySelector(`[data-message-id="${CSS.escape(messageId)}"] [data-xagent-branch]`);
  const wanted = nav?.querySelector<HTMLButtonElement>(`[data-branch-control="${control}"]:not([disabled])`);
  (wanted ?? nav?.querySelector<HTMLButtonElement>('button:not([disabled])'))?.focus();
}
