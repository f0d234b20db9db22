/**
 * Ids of conversations this page created (`ConversationsStore.create`, a new selection) and has not
 * sent anything in yet: the server cannot have them, so their chats do not ask for their history
 * (which would be a 404 in the browser's console for every new chat). The first send forgets the id:
 * from then on the conversation exists and is loaded like any other.
 */
const created = new Set<string>();

export function markNewConversation(id: string): void {
  created.add(id);
}

export function isNewConversation(id: string): boolean {
  return created.has(id);
}

export function forgetNewConversation(id: string | undefined): void {
  if (id !== undefined) created.delete(id);
}
