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
