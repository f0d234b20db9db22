'use client';
import { DeleteOutlined, EditOutlined, EllipsisOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import type { MenuProps } from 'antd';
import { memo, useLayoutEffect, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import { Conversations } from '../antdx.js';
import { AccessibleTheme, useAgentUIConfig, useTokenStyle } from '../config.js';

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
}

/** A menu entry of each conversation (besides rename/delete). */
export interface ConversationMenuAction {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  danger?: boolean;
}

/** Props of {@link AgentConversations}. */
export interface AgentConversationsProps {
  items: readonly ConversationItem[];
  /** The selected conversation (controlled). */
  activeKey?: string;
  /** A conversation that is loading (e.g. its history), shown busy. */
  loadingKey?: string;
  onSelect?: (event: { key: string; previousKey: string | undefined }) => void;
  /** The "New chat" button; hidden when not given. */
  onNew?: () => void;
  /** A menu entry was chosen: `rename`, `delete` or one of `menuActions`. */
  onMenuClick?: (event: { action: string; conversationKey: string }) => void;
  /** Built-in menu entries (default both), `false` for no menu. */
  menu?: false | { rename?: boolean; delete?: boolean; actions?: readonly ConversationMenuAction[] };
  /** Format of timestamps (default: locale time or date). */
  formatTimestamp?: (timestamp: Date) => string;
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

function defaultFormat(date: Date): string {
  const sameDay = date.toDateString() === new Date().toDateString();
  return sameDay ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }) : date.toLocaleDateString();
}

/**
 * A conversation list on Ant Design X Conversations: groups, timestamps, icons, loading rows,
 * a per-item menu and a creation button. Each row's label is a real button (keyboard operable;
 * `aria-current` marks the active one) and the menu trigger is a named button.
 */
export const AgentConversations = memo(function AgentConversations(props: AgentConversationsProps) {
  return (
    <AccessibleTheme>
      <ConversationsBody {...props} />
    </AccessibleTheme>
  );
});

function ConversationsBody({
  items,
  activeKey,
  loadingKey,
  onSelect,
  onNew,
  onMenuClick,
  menu,
  formatTimestamp = defaultFormat,
  className,
  style,
}: AgentConversationsProps) {
  const { strings } = useAgentUIConfig();
  const tokenStyle = useTokenStyle();
  const latest = useRef({ onSelect, onMenuClick, activeKey });
  useLayoutEffect(() => {
    latest.current = { onSelect, onMenuClick, activeKey };
  });
  const select = (key: string) => {
    if (key === latest.current.activeKey) return;
    latest.current.onSelect?.({ key, previousKey: latest.current.activeKey });
  };

  const mapped = useMemo(
    () =>
      items.map((item) => {
        const loading = item.loading || item.key === loadingKey;
        const time = item.timestamp !== undefined ? formatTimestamp(new Date(item.timestamp)) : undefined;
        return {
          key: item.key,
          group: item.group,
          disabled: item.disabled,
          icon: loading ? <Spin size="small" /> : item.icon,
          label: (
            <button
              type="button"
              style={labelButtonStyle}
              aria-current={item.key === activeKey ? 'true' : undefined}
              aria-busy={loading || undefined}
              disabled={item.disabled}
              data-xagent-conversation={item.key}
            >
              <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{item.label}</span>
              {time ? (
                <time style={{ opacity: 0.65, fontSize: '0.85em' }} dateTime={new Date(item.timestamp!).toISOString()}>
                  {time}
                </time>
              ) : null}
            </button>
          ),
        };
      }),
    [items, loadingKey, activeKey, formatTimestamp],
  );
  const labels = useMemo(() => new Map(items.map((item) => [item.key, item.label])), [items]);

  const menuConfig =
    menu === false
      ? undefined
      : (conversation: { key: string }) => {
          const entries: NonNullable<MenuProps['items']> = [];
          if (menu?.rename !== false) entries.push({ key: 'rename', label: strings.rename, icon: <EditOutlined /> });
          for (const action of menu?.actions ?? []) entries.push({ key: action.key, label: action.label, icon: action.icon, danger: action.danger });
          if (menu?.delete !== false) entries.push({ key: 'delete', label: strings.delete, icon: <DeleteOutlined />, danger: true });
          return {
            items: entries,
            onClick: ({ key, domEvent }: { key: string; domEvent: { stopPropagation: () => void } }) => {
              domEvent.stopPropagation();
              latest.current.onMenuClick?.({ action: key, conversationKey: conversation.key });
            },
            trigger: (
              <Button
                type="text"
                size="small"
                icon={<EllipsisOutlined />}
                aria-label={strings.conversationMenu(labels.get(conversation.key) ?? conversation.key)}
                onClick={(event) => event.stopPropagation()}
              />
            ),
          };
        };

  const hasGroups = items.some((item) => item.group);
  return (
    <nav aria-label={strings.conversations} className={className} style={{ ...tokenStyle, ...style }} data-xagent-conversations="">
      {onNew ? (
        <Button block icon={<PlusOutlined aria-hidden />} onClick={onNew} style={{ marginBottom: 8 }}>
          {strings.newChat}
        </Button>
      ) : null}
      <Conversations
        items={mapped}
        activeKey={activeKey}
        onActiveChange={(key) => select(String(key))}
        groupable={hasGroups}
        menu={menuConfig as never}
      />
    </nav>
  );
}
