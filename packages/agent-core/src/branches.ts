import type { AgentUIMessage } from '@x/agent-protocol';
import type { ConversationHistory, MessageBranch } from '@x/agent-protocol/routes';
import type { ChatRequestOptions, UITools } from 'ai';
import { NO_BRANCHES } from './chat-store.js';
import { fetchHistory, putBranch } from './conversation-requests.js';
import { sanitizeHistory } from './history.js';
import type { ChatSession } from './chat-session.js';
import { isBusy, requestOptions } from './session-reads.js';
import type { UseAgentChatOptions } from './types.js';

/**
 * Branches of a conversation the server owns (ARCHITECTURE §12): the transcript is its active path;
 * an edit or a regenerate adds a sibling (a version) on the server, and `switchBranch` shows another
 * one. The versions of the shown messages live in the snapshot (`branches`).
 */

type Message<TOOLS extends UITools> = AgentUIMessage<TOOLS>;

/** Takes a page's versions: `replace` for the newest page of a path, `merge` for an older page. */
export function takeBranches<TOOLS extends UITools>(
  session: ChatSession<TOOLS>,
  branches: Record<string, MessageBranch> | undefined,
  mode: 'replace' | 'merge',
): void {
  const current = session.store.getSnapshot().branches;
  const next = mode === 'replace' ? (branches ?? NO_BRANCHES) : branches ? { ...current, ...branches } : current;
  session.store.setHistory({ branches: next });
}

/** Shows the newest page of a path the server answered: the transcript and its versions. */
export function showPath<TOOLS extends UITools>(session: ChatSession<TOOLS>, page: ConversationHistory<Message<TOOLS>>): void {
  const history = sanitizeHistory(page.messages);
  session.tracker.markHistory(history);
  session.chat.messages = history;
  session.prevCursor = page.prevCursor;
  session.store.setHistory({ hasOlder: page.prevCursor !== null });
  takeBranches(session, page.branches, 'replace');
}

const ownsHistory = <TOOLS extends UITools>(session: ChatSession<TOOLS>): session is ChatSession<TOOLS> & { conversationId: string } =>
  session.historyOwner === 'server' && session.conversationId !== undefined;

/**
 * Shows version `index` of the message's versions (its sibling at that position) and the newest
 * path below it, persisted on the server (a reload and another tab show the same). False when the
 * message has no such version, the server does not own the history, a reply is in progress, or the
 * server refused (`error` set).
 */
export async function switchBranch<TOOLS extends UITools>(
  options: UseAgentChatOptions<TOOLS>,
  session: ChatSession<TOOLS>,
  messageId: string,
  index: number,
): Promise<boolean> {
  const branch = session.store.getSnapshot().branches[messageId];
  const target = branch?.siblingIds[index];
  if (!branch || target === undefined) return false;
  if (index === branch.index) return true;
  if (!ownsHistory(session) || isBusy(session.chat)) return false;
  const answer = await putBranch<Message<TOOLS>>(requestOptions(options, session), session.conversationId, { messageId: target });
  if (!answer.ok) {
    session.chat.fail(answer.error);
    return false;
  }
  showPath(session, answer.value);
  return true;
}

/**
 * Reads the versions of the newest page again (after an edit, a regenerate or a delete changed
 * them); the transcript stays. A failed read keeps the versions as they were.
 */
export async function refreshBranches<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>): Promise<void> {
  if (!ownsHistory(session)) return;
  const answer = await fetchHistory<Message<TOOLS>>(requestOptions(options, session), session.conversationId);
  if (!answer.ok) return;
  const next: Record<string, MessageBranch> = { ...session.store.getSnapshot().branches };
  for (const message of answer.value.messages) delete next[message.id];
  session.store.setHistory({ branches: { ...next, ...answer.value.branches } });
}

/** Shows the server's active path again (after a delete moved it to another version). */
export async function reloadPath<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>): Promise<void> {
  if (!ownsHistory(session)) return;
  const answer = await fetchHistory<Message<TOOLS>>(requestOptions(options, session), session.conversationId);
  if (answer.ok) showPath(session, answer.value);
}

/**
 * An edit of a user message, when the server owns the history: a new message (a new id) under the
 * edited one's parent, so the edited one and what followed it stay as another version. Leaves the
 * transcript at that parent and returns the request options that name it; undefined when the
 * browser owns the history (the engine's edit in place, nothing stored to keep).
 */
export async function prepareBranchEdit<TOOLS extends UITools>(
  session: ChatSession<TOOLS>,
  messageId: string,
  options: ChatRequestOptions | undefined,
  loadOlder: () => Promise<boolean>,
): Promise<ChatRequestOptions | undefined> {
  if (!ownsHistory(session)) return undefined;
  // The first shown message's parent is on an older page: load it first.
  while (session.chat.messages[0]?.id === messageId && session.prevCursor !== null && (await loadOlder())) {
    /* paged once more */
  }
  const messages = session.chat.messages;
  const at = messages.findIndex((m) => m.id === messageId);
  if (at === -1 || (at === 0 && session.prevCursor !== null)) return undefined;
  const parentId = messages[at - 1]?.id ?? null;
  session.chat.messages = messages.slice(0, at);
  const body = typeof options?.body === 'object' && options.body !== null ? options.body : {};
  return { ...options, body: { ...body, parentId } };
}
