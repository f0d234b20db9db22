'use client';
import { CloseCircleFilled, DeleteOutlined, EditOutlined, EllipsisOutlined, PlusOutlined } from '@ant-design/icons';
import type { Conversations as ConversationsState } from '@x/agent-react/conversations';
import { Button, ConfigProvider, Input, Spin } from 'antd';
import type { MenuProps } from 'antd';
import { memo, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { FOCUS_RING_MENU_CLASS, FocusRingStyle } from '../a11y/focus-ring.js';
import { visuallyHidden } from '../a11y/visually-hidden.js';
import { useRovingFocus } from '../a11y/roving-focus.js';
import { focusMenuOnKeyboardOpen, focusRowMenu, stopKeyboardClick } from './conversation-menu-keys.js';
import { Conversations } from '../antdx.js';
import { AccessibleTheme, useTokenStyle } from '../config.js';
import { ConversationsNotices } from './conversations-notices.js';
import { dateGroupLabel, dateGroupOf, formatConversationTime } from './date-groups.js';
import { AwaitingBadge } from './awaiting-badge.js';
import { RenameInput } from './rename-input.js';
import { useLocaleStrings } from '../locales/use-locale-strings.js';
import type { AgentConversationsStrings } from './strings.js';
import { AntdRules } from '../styles/antd-rules.js';
import { CONVERSATIONS_ANTD_RULES } from './conversations-antd-rules.js';

/** One conversation in the list. */
export interface ConversationItem {
  key: string;
  label: string;
  icon?: ReactNode;
  /** Group title (items with the same group are listed together). */
  group?: string;
  /** Epoch ms or a Date: shown next to the label. */
  timestamp?: number | Date;
  /** Still loading (shown with a spinner and `aria-busy`). */
  loading?: boolean;
  disabled?: boolean;
  /** Its reply waits for the user's approval: a "Waiting for your approval" badge (default from `conversations.awaitingApproval`). */
  awaitingApproval?: boolean;
}

/** A menu entry of each conversation (besides rename/delete). */
export interface ConversationMenuAction {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  danger?: boolean;
}

/**
 * After "New chat" the composer of the chat on the page takes the focus (in the same dialog as the
 * button, when the list is in one), once the chat has switched to the new conversation. Where there
 * is none to reach, the focus stays on "New chat".
 */
function focusComposerAfterNew(button: HTMLElement): void {
  const view = button.ownerDocument.defaultView;
  if (!view) return;
  const dialog = button.closest('[role="dialog"]');
  const find = () =>
    [...button.ownerDocument.querySelectorAll<HTMLTextAreaElement>('[data-xagent-composer] textarea')].find((field) => !field.disabled && (!dialog || dialog.contains(field)));
  // Two frames: the chat renders the new conversation (its composer may be a new element) first.
  view.requestAnimationFrame(() => view.requestAnimationFrame(() => find()?.focus()));
}

/** Props of {@link AgentConversations}. */
export interface AgentConversationsProps {
  /**
   * `useConversations(...)` from `@x/agent-react`: drives the rows (grouped by date), selection,
   * "New chat", search, paging, inline rename and delete with undo. The props below still apply.
   */
  conversations?: ConversationsState;
  /** The rows, when not driven by `conversations`. */
  items?: readonly ConversationItem[];
  /** The selected conversation (controlled; default `conversations.selectedId`). */
  activeKey?: string;
  /** A conversation that is loading (e.g. its history), shown busy. */
  loadingKey?: string;
  /** A row was chosen (also with `conversations`, after it selected the row). */
  onSelect?: (event: { key: string; previousKey: string | undefined }) => void;
  /** The "New chat" button; hidden when not given and not driven by `conversations`. */
  onNew?: () => void;
  /** A menu entry was chosen: `rename`, `delete` or one of `menuActions`. */
  onMenuClick?: (event: { action: string; conversationKey: string }) => void;
  /** Inline rename without `conversations`: called with the new title (otherwise `rename` only reaches `onMenuClick`). */
  onRename?: (event: { key: string; title: string }) => void;
  /** Built-in menu entries (default both), `false` for no menu. */
  menu?: false | { rename?: boolean; delete?: boolean; actions?: readonly ConversationMenuAction[] };
  /** Format of timestamps (default: the time today, the weekday this week, else the date, in `locale`). */
  formatTimestamp?: (timestamp: Date) => string;
  /** BCP 47 locale of dates and the built-in strings (default: strings of the kit's locale in scope, i.e. antd's `ConfigProvider` locale, else English; dates in antd's locale, else the browser's). */
  locale?: string;
  /** Overrides of the built-in strings (group names, search, undo, …). */
  strings?: Partial<AgentConversationsStrings>;
  /** The search box (with `conversations`; default shown). */
  search?: boolean;
  className?: string;
  style?: CSSProperties;
}

const labelButtonStyle: CSSProperties = {
  all: 'unset',
  cursor: 'pointer',
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  width: '100%',
  minWidth: 0,
  outlineOffset: 2,
};

/**
 * A conversation list on Ant Design X Conversations: groups, timestamps, icons, loading rows,
 * a per-item menu and a creation button. Each row's label is a real button (keyboard operable;
 * `aria-current` marks the active one) and the menu trigger is a named button. Given
 * `conversations={useConversations(...)}` it is the whole sidebar.
 */
export const AgentConversations = memo(function AgentConversations(props: AgentConversationsProps) {
  return (
    <AccessibleTheme>
      <AntdRules href="xagent-antd-conversations" rules={CONVERSATIONS_ANTD_RULES} />
      <ConversationsBody {...props} />
    </AccessibleTheme>
  );
});

function ConversationsBody(props: AgentConversationsProps) {
  const { conversations, loadingKey, menu, className, style } = props;
  // Strings: the `locale` prop's catalogue, else the kit's in scope (antd's locale by default).
  const kitStrings = useLocaleStrings(props.locale);
  const antdLocale = useContext(ConfigProvider.ConfigContext).locale?.locale;
  const locale = props.locale ?? antdLocale ?? (typeof navigator === 'undefined' ? undefined : navigator.language);
  const strings = useMemo(() => ({ ...kitStrings.conversationList, ...props.strings }), [kitStrings, props.strings]);
  const tokenStyle = useTokenStyle();
  const navRef = useRef<HTMLElement>(null);
  const [editingKey, setEditingKey] = useState<string>();
  const focusAfter = useRef<{ gone?: string; target: string } | undefined>(undefined);
  // One Tab stop for the rows (arrow keys, Home, End, type-ahead inside).
  useRovingFocus(navRef, { items: '[data-xagent-conversation]', orientation: 'vertical' });

  const items = useMemo<readonly ConversationItem[]>(() => {
    if (!conversations) return props.items ?? [];
    const now = new Date();
    return conversations.items.map((c) => {
      const updated = new Date(c.updatedAt);
      return {
        key: c.id,
        label: c.title ?? strings.untitled,
        timestamp: updated,
        group: dateGroupLabel(dateGroupOf(updated, now), strings),
        awaitingApproval: conversations.awaitingApproval?.includes(c.id),
      };
    });
  }, [conversations, props.items, strings]);
  const activeKey = props.activeKey ?? conversations?.selectedId;
  const formatTimestamp = props.formatTimestamp ?? ((date: Date) => formatConversationTime(date, locale));
  const inlineRename = Boolean(conversations || props.onRename);

  const latest = useRef({ props, activeKey, items });
  useLayoutEffect(() => {
    latest.current = { props, activeKey, items };
  });
  const select = (key: string) => {
    const current = latest.current;
    if (key === current.activeKey) return;
    current.props.conversations?.select(key);
    current.props.onSelect?.({ key, previousKey: current.activeKey });
  };
  const showNew = Boolean(conversations || props.onNew);
  const onNew = (event: { currentTarget: HTMLElement }) => {
    latest.current.props.conversations?.create();
    latest.current.props.onNew?.();
    focusComposerAfterNew(event.currentTarget);
  };
  const rename = (key: string, title: string) => {
    const { conversations: hook, onRename } = latest.current.props;
    if (hook) void hook.rename(key, title);
    else onRename?.({ key, title });
  };
  const menuAction = (action: string, key: string) => {
    const current = latest.current;
    if (action === 'rename' && inlineRename) setEditingKey(key);
    if (action === 'delete') {
      // Focus goes to the next row (or the previous, or "New chat") once this one is gone.
      const keys = current.items.map((item) => item.key);
      const index = keys.indexOf(key);
      focusAfter.current = { gone: key, target: keys[index + 1] ?? keys[index - 1] ?? '' };
      current.props.conversations?.remove(key);
    }
    current.props.onMenuClick?.({ action, conversationKey: key });
  };

  useEffect(() => {
    const pending = focusAfter.current;
    const nav = navRef.current;
    if (!pending || !nav) return;
    if (pending.gone && items.some((item) => item.key === pending.gone)) return;
    focusAfter.current = undefined;
    const target = pending.target ? nav.querySelector<HTMLElement>(`[data-xagent-conversation="${CSS.escape(pending.target)}"]`) : null;
    (target ?? nav.querySelector<HTMLElement>('[data-xagent-new-chat]') ?? nav).focus();
  }, [items]);

  const mapped = useMemo(
    () =>
      items.map((item) => {
        const loading = item.loading || item.key === loadingKey;
        const time = item.timestamp !== undefined ? formatTimestamp(new Date(item.timestamp)) : undefined;
        const editing = item.key === editingKey;
        return {
          key: item.key,
          group: item.group,
          disabled: item.disabled,
          icon: loading ? <Spin size="small" /> : item.icon,
          label: editing ? (
            <RenameInput
              initial={item.label}
              label={strings.renameLabel(item.label)}
              onSubmit={(title) => {
                setEditingKey(undefined);
                focusAfter.current = { target: item.key };
                rename(item.key, title);
              }}
              onCancel={() => {
                setEditingKey(undefined);
                focusAfter.current = { target: item.key };
              }}
            />
          ) : (
            <button
              type="button"
              style={labelButtonStyle}
              aria-current={item.key === activeKey ? 'true' : undefined}
              aria-busy={loading || undefined}
              disabled={item.disabled}
              data-xagent-conversation={item.key}
              onKeyDown={menu === false ? undefined : focusRowMenu}
            >
              {/* dir="auto": a title in another script reads in its own direction, and its ellipsis cuts its end, not its start. */}
              <span dir="auto" style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'start' }}>
                {item.label}
              </span>
              {item.awaitingApproval ? <AwaitingBadge label={kitStrings.waitingForApproval} /> : null}
              {time ? (
                <time style={{ opacity: 0.65, fontSize: '0.85em' }} dateTime={new Date(item.timestamp!).toISOString()}>
                  {time}
                </time>
              ) : null}
            </button>
          ),
        };
      }),
    // `rename` and `formatTimestamp` read the latest props through refs or are derived from `locale`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [items, loadingKey, activeKey, editingKey, strings, locale, props.formatTimestamp],
  );
  const labels = useMemo(() => new Map(items.map((item) => [item.key, item.label])), [items]);

  // A row that is being edited gets no menu; a finished edit hands focus back to its row.
  useEffect(() => {
    if (editingKey === undefined && focusAfter.current && !focusAfter.current.gone) {
      const target = navRef.current?.querySelector<HTMLElement>(`[data-xagent-conversation="${CSS.escape(focusAfter.current.target)}"]`);
      focusAfter.current = undefined;
      target?.focus();
    }
  }, [editingKey]);

  // CSSProperties has no custom-property keys: the ring colour is read from, and set as, one.
  const menuStyle = { '--xagent-focus-ring': (tokenStyle as Record<string, unknown>)['--xagent-focus-ring'] } as CSSProperties;
  const menuConfig =
    menu === false
      ? undefined
      : (conversation: { key: string }) => {
          const entries: NonNullable<MenuProps['items']> = [];
          if (menu?.rename !== false) entries.push({ key: 'rename', label: kitStrings.rename, icon: <EditOutlined aria-hidden /> });
          for (const action of menu?.actions ?? []) entries.push({ key: action.key, label: action.label, icon: action.icon, danger: action.danger });
          if (menu?.delete !== false) entries.push({ key: 'delete', label: kitStrings.delete, icon: <DeleteOutlined aria-hidden />, danger: true });
          return {
            items: entries,
            // The menu opens in a portal on <body>, outside this root: it takes the ring by its class and
            // this root's ring colour (light, dark, custom tokens).
            className: FOCUS_RING_MENU_CLASS,
            style: menuStyle,
            onClick: ({ key, domEvent }: { key: string; domEvent: Event | { stopPropagation: () => void; preventDefault?: () => void } }) => {
              domEvent.stopPropagation();
              stopKeyboardClick(domEvent);
              menuAction(key, conversation.key);
            },
            trigger:
              conversation.key === editingKey ? (
                <span />
              ) : (
                <Button
                  type="text"
                  size="small"
                  icon={<EllipsisOutlined aria-hidden />}
                  aria-label={kitStrings.conversationMenu(labels.get(conversation.key) ?? conversation.key)}
                  tabIndex={-1}
                  data-xagent-conversation-menu={conversation.key}
                  onClick={(event) => event.stopPropagation()}
                  onKeyDown={focusMenuOnKeyboardOpen}
                />
              ),
          };
        };

  const hasGroups = items.some((item) => item.group);
  return (
    <nav ref={navRef} tabIndex={-1} aria-label={kitStrings.conversations} className={className} style={{ ...tokenStyle, ...style }} data-xagent-conversations="">
      <FocusRingStyle />
      {showNew ? (
        <Button block icon={<PlusOutlined aria-hidden />} onClick={onNew} style={{ marginBottom: 8 }} data-xagent-new-chat="">
          {kitStrings.newChat}
        </Button>
      ) : null}
      {conversations && props.search !== false ? (
        <Input
          type="search"
          // The clear button is named from the strings, not by its icon ("close-circle").
          allowClear={{
            clearIcon: (
              <>
                <CloseCircleFilled aria-hidden />
                <span style={visuallyHidden}>{strings.clearSearch}</span>
              </>
            ),
          }}
          size="small"
          aria-label={strings.search}
          placeholder={strings.search}
          value={conversations.query}
          onChange={(event) => conversations.setQuery(event.target.value)}
          style={{ marginBottom: 8 }}
        />
      ) : null}
      {conversations ? (
        <ConversationsNotices
          conversations={conversations}
          strings={strings}
          loadingLabel={kitStrings.loading}
          onUndo={(id) => {
            focusAfter.current = { target: id };
            conversations.undo(id);
          }}
        />
      ) : null}
      <Conversations items={mapped} activeKey={activeKey} onActiveChange={(key) => select(String(key))} groupable={hasGroups} menu={menuConfig} />
      {conversations?.hasMore ? (
        <Button block type="text" loading={conversations.loadingMore} onClick={() => void conversations.loadMore()}>
          {strings.loadMore}
        </Button>
      ) : null}
    </nav>
  );
}
