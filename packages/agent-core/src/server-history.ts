import type { AgentErrorCode, AgentUIMessage } from '@x/agent-protocol';
import type { FeedbackValue } from '@x/agent-protocol/routes';
import type { UITools } from 'ai';
import { deleteStoredMessage, fetchHistory, putFeedback } from './conversation-requests.js';
import { sanitizeHistory } from './history.js';
import { reloadPath, takeBranches } from './branches.js';
import { notePageLoaded, resetHistoryWindow } from './history-window.js';
import { isNewConversation } from './new-conversations.js';
import { applyFeedback, dropMessage } from './message-edits.js';
import type { ChatSession } from './chat-session.js';
import { requestOptions } from './session-reads.js';
import { queueOf } from './queue-hooks.js';
import type { UseAgentChatOptions } from './types.js';

type Message<TOOLS extends UITools> = AgentUIMessage<TOOLS>;

/** The history route's answer for a conversation that does not exist (yet, or any more). */
export const CONVERSATION_NOT_FOUND: AgentErrorCode = 'conversation_not_found';

/**
 * Loads the server's history of the session's conversation, once (ARCHITECTURE §7): 200 → the server owns
 * the history and its messages are the transcript; 404 `conversation_not_found` → the server owns a
 * conversation that does not exist yet (empty); anything else (404 `not_found` from a server without
 * a store, a network error…) → the browser keeps the history, unless `history: 'server'` was asked
 * for, in which case the failure is reported as the chat's error. Resolves to the conversation's
 * active run, if it has one (the caller may re-attach to it).
 */
export async function loadServerHistory<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>): Promise<string | null> {
  if (session.historyLoad !== 'pending' || !session.conversationId) return null;
  session.historyLoad = 'started';
  let activeRunId: string | null = null;
  // A conversation this page just created: the server has nothing of it yet (no request, no 404).
  if (isNewConversation(session.conversationId)) {
    session.historyOwner = 'server';
    session.store.setHistory({ historyStatus: 'ready', hasOlder: false });
    session.markHistoryReady();
    return null;
  }
  const answer = await fetchHistory<Message<TOOLS>>(requestOptions(options, session), session.conversationId);
  if (answer.ok) {
    session.historyOwner = 'server';
    if (!session.used && session.chat.messages.length === 0) {
      const history = sanitizeHistory(answer.value.messages);
      session.tracker.markHistory(history);
      session.chat.messages = history;
      takeBranches(session, answer.value.branches, 'replace');
    }
    // A queue the server kept comes back (not without the queue: nothing would send it).
    queueOf(options)?.restore(session, answer.value.queue ? sanitizeHistory(answer.value.queue) : undefined);
    session.prevCursor = answer.value.prevCursor;
    resetHistoryWindow(session);
    activeRunId = answer.value.conversation?.activeRunId ?? null;
  } else if (answer.status === 404 && answer.code === CONVERSATION_NOT_FOUND) {
    session.historyOwner = 'server';
  } else if (options.history === 'server') {
    session.historyOwner = 'server';
    session.chat.fail(answer.error);
  } else {
    queueOf(options)?.restore(session, undefined);
  }
  session.store.setHistory({ historyStatus: 'ready', hasOlder: session.prevCursor !== null });
  session.markHistoryReady();
  return activeRunId;
}

/**
 * Loads the page before the first shown message (server history); false when there is none. A page
 * that arrives after the history moved (another `loadOlder` first, `releaseOlder`, a switch of path)
 * is not added: it would not join the first shown message.
 */
export async function loadOlder<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>): Promise<boolean> {
  const cursor = session.prevCursor;
  if (session.historyOwner !== 'server' || !cursor || !session.conversationId) return false;
  const answer = await fetchHistory<Message<TOOLS>>(requestOptions(options, session), session.conversationId, cursor);
  if (!answer.ok) {
    session.chat.fail(answer.error);
    return false;
  }
  if (session.prevCursor !== cursor) return false;
  const above = session.chat.messages[0]?.id;
  const shown = new Set(session.chat.messages.map((m) => m.id));
  const older = sanitizeHistory(answer.value.messages.filter((m) => !shown.has(m.id)));
  session.tracker.markHistory(older);
  session.chat.messages = [...older, ...session.chat.messages];
  takeBranches(session, answer.value.branches, 'merge');
  session.prevCursor = answer.value.prevCursor;
  notePageLoaded(session, cursor, above);
  session.store.setHistory({ hasOlder: answer.value.prevCursor !== null });
  return true;
}

/** Puts removed messages back where they were (a refused delete). */
function restore<TOOLS extends UITools>(session: ChatSession<TOOLS>, removed: Message<TOOLS>[], index: number): void {
  const messages = session.chat.messages;
  const shown = new Set(messages.map((m) => m.id));
  const missing = removed.filter((m) => !shown.has(m.id));
  if (missing.length === 0) return;
  session.chat.messages = [...messages.slice(0, index), ...missing, ...messages.slice(index)];
}

/**
 * Removes a message from the transcript and, while the server owns the history, from the server
 * with its subtree (what follows it on the path goes too): optimistic, restored (with `error` set)
 * when the server refuses. When the message had other versions, the server's path moves to the
 * newest one left and the transcript follows. True when it was removed.
 */
export async function removeStoredMessage<TOOLS extends UITools>(
  options: UseAgentChatOptions<TOOLS>,
  session: ChatSession<TOOLS>,
  message: Message<TOOLS>,
  keepalive = false,
): Promise<boolean> {
  if (session.historyOwner !== 'server' || !session.conversationId) return dropMessage(session, message) !== -1;
  const messages = session.chat.messages;
  const index = messages.findIndex((m) => m.id === message.id);
  if (index === -1) return false;
  const removed = messages.slice(index);
  session.chat.messages = messages.slice(0, index);
  const answer = await deleteStoredMessage(requestOptions(options, session), session.conversationId, message.id, keepalive);
  if (answer.ok) {
    if ((session.store.getSnapshot().branches[message.id]?.count ?? 1) > 1) await reloadPath(options, session);
    return true;
  }
  restore(session, removed, index);
  session.chat.fail(answer.error);
  return false;
}

/**
 * Sets the user's feedback on a message (`metadata.feedback`), saved on the server while it owns the
 * history: optimistic, rolled back (with `error` set) when the server refuses.
 */
export async function saveFeedback<TOOLS extends UITools>(
  options: UseAgentChatOptions<TOOLS>,
  session: ChatSession<TOOLS>,
  messageId: string,
  value: FeedbackValue | null,
  comment?: string,
): Promise<boolean> {
  const text = value && comment?.trim() ? comment.trim() : undefined;
  const previous = applyFeedback(session, messageId, value && text ? { value, comment: text, at: new Date().toISOString() } : value);
  if (previous === false) return false;
  if (session.historyOwner !== 'server' || !session.conversationId) return true;
  const answer = await putFeedback(requestOptions(options, session), session.conversationId, messageId, text ? { value, comment: text } : { value });
  if (answer.ok) return true;
  applyFeedback(session, messageId, previous ?? null);
  session.chat.fail(answer.error);
  return false;
}
