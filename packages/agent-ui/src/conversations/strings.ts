/** Strings of {@link AgentConversations} beyond the kit's shared ones (`newChat`, `rename`, `delete`, …). */
export interface AgentConversationsStrings {
  today: string;
  yesterday: string;
  previous7Days: string;
  older: string;
  untitled: string;
  search: string;
  /** Name of the button that empties the search field. */
  clearSearch: string;
  noConversations: string;
  noMatches: string;
  loadMore: string;
  loadFailed: string;
  retry: string;
  dismiss: string;
  renameLabel: (title: string) => string;
  deleted: (title: string) => string;
  undo: string;
}

export const conversationsEnUS: AgentConversationsStrings = {
  today: 'Today',
  yesterday: 'Yesterday',
  previous7Days: 'Previous 7 days',
  older: 'Older',
  untitled: 'New conversation',
  search: 'Search conversations',
  clearSearch: 'Clear search',
  noConversations: 'No conversations yet',
  noMatches: 'No conversation matches',
  loadMore: 'Load more',
  loadFailed: 'The conversations could not be loaded.',
  retry: 'Retry',
  dismiss: 'Dismiss',
  renameLabel: (title) => `New title for ${title}`,
  deleted: (title) => `Deleted “${title}”`,
  undo: 'Undo',
};

export const conversationsZhCN: AgentConversationsStrings = {
  today: '今天',
  yesterday: '昨天',
  previous7Days: '过去 7 天',
  older: '更早',
  untitled: '新对话',
  search: '搜索对话',
  clearSearch: '清除搜索',
  noConversations: '还没有对话',
  noMatches: '没有匹配的对话',
  loadMore: '加载更多',
  loadFailed: '无法加载对话。',
  retry: '重试',
  dismiss: '关闭',
  renameLabel: (title) => `“${title}”的新标题`,
  deleted: (title) => `已删除“${title}”`,
  undo: '撤销',
};

/** The built-in strings for a BCP 47 locale: Chinese for `zh*`, English otherwise. */
export function conversationsStringsFor(locale: string | undefined): AgentConversationsStrings {
  return locale?.toLowerCase().startsWith('zh') ? conversationsZhCN : conversationsEnUS;
}
