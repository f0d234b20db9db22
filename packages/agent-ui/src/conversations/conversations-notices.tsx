import { Alert, Button, Spin, theme } from 'antd';
import type { Conversations } from '@x/agent-react/conversations';
import type { AgentConversationsStrings } from './strings.js';

/**
 * The rows around the list in hook mode: the last error (with Retry for a failed load), an
 * "Deleted — Undo" line per pending delete (in a live region), and the first-load spinner.
 */
export function ConversationsNotices({
  conversations,
  strings,
  loadingLabel,
  onUndo,
}: {
  conversations: Conversations;
  strings: AgentConversationsStrings;
  loadingLabel: string;
  onUndo: (id: string) => void;
}) {
  const { error, pendingDeletes, status, items } = conversations;
  const { token } = theme.useToken();
  const loadFailed = error?.action === 'load' || error?.action === 'load-more';
  return (
    <>
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 8 }}
          title={loadFailed ? strings.loadFailed : error.message}
          description={loadFailed ? error.message : undefined}
          action={
            loadFailed ? (
              <Button size="small" onClick={() => void (error.action === 'load' ? conversations.refresh() : conversations.loadMore())}>
                {strings.retry}
              </Button>
            ) : (
              <Button size="small" type="text" onClick={conversations.clearError}>
                {strings.dismiss}
              </Button>
            )
          }
        />
      ) : null}
      {/* Sticky: deleting a row far down a scrolled list keeps its Undo line in view (it sat above the list, scrolled away). */}
      <div role="status" data-xagent-conversations-undo="" style={{ position: 'sticky', top: 0, zIndex: 1 }}>
        {pendingDeletes.map((pending) => (
          <div
            key={pending.id}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              marginBottom: 8,
              padding: `${token.paddingXXS}px ${token.paddingXS}px`,
              borderRadius: token.borderRadius,
              background: token.colorBgElevated,
              boxShadow: token.boxShadowTertiary,
            }}
          >
            <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {strings.deleted(pending.conversation.title ?? strings.untitled)}
            </span>
            <Button size="small" onClick={() => onUndo(pending.id)}>
              {strings.undo}
            </Button>
          </div>
        ))}
      </div>
      {status === 'loading' && items.length === 0 ? (
        <div role="progressbar" aria-label={loadingLabel} aria-busy="true" style={{ display: 'flex', justifyContent: 'center', padding: 16 }}>
          <Spin size="small" />
        </div>
      ) : null}
      {status === 'ready' && items.length === 0 ? (
        <p style={{ opacity: 0.65, textAlign: 'center', margin: '16px 0' }}>{conversations.query.trim() ? strings.noMatches : strings.noConversations}</p>
      ) : null}
    </>
  );
}
