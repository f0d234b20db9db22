import type { AgentUIMessage } from '@x/agent-protocol';
import type { ConversationSummary, StoredMessageMetadata } from '@x/agent-protocol/routes';
import type { UIMessage, UITools } from 'ai';
import { takeBranches } from './branches.js';
import type { ChatSession } from './chat-session.js';
import { fetchHistory } from './conversation-requests.js';
import { sanitizeHistory } from './history.js';
import { CONVERSATION_NOT_FOUND } from './server-history.js';
import { isBusy, requestOptions } from './session-reads.js';
import type { UseAgentChatOptions } from './types.js';

// Reloading what the server saved of a conversation while it is shown: after a run ended out of
// sight (`@x/agent-react/resume`) and after another tab changed it (`@x/agent-react/live`). Imported
// only by those two entries, so a chat without them carries none of it.

type Message<TOOLS extends UITools> = AgentUIMessage<TOOLS>;

/**
 * Loads the newest page of the session's conversation and shows it (when the chat is not busy by
 * then): older pages the view already loaded stay in front of it, its versions are taken, and what
 * happened meanwhile fires its events (once per id; the last reply completes). Resolves to the
 * conversation's row (its `activeRunId`), or undefined when nothing was loaded.
 */
export async function reloadNewest<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>): Promise<ConversationSummary | undefined> {
  if (!session.conversationId) return undefined;
  const answer = await fetchHistory<Message<TOOLS>>(requestOptions(options, session), session.conversationId);
  if (session.disposed || isBusy(session.chat)) return undefined;
  if (!answer.ok) {
    // Deleted meanwhile (on another tab or device): what showed it goes too — the chat is empty, as
    // for a conversation that does not exist yet (a send starts it anew).
    if (answer.status === 404 && answer.code === CONVERSATION_NOT_FOUND) {
      session.chat.messages = [];
      session.prevCursor = null;
      session.store.setHistory({ hasOlder: false });
      takeBranches(session, undefined, 'replace');
    }
    return undefined;
  }
  const shown = session.chat.messages;
  const history = keepShownPartial(sanitizeHistory(answer.value.messages), shown.at(-1));
  // Older pages the view already loaded stay in front of the newest page.
  const first = history[0];
  const cut = first ? shown.findIndex((m) => m.id === first.id) : -1;
  session.chat.messages = cut > 0 ? [...shown.slice(0, cut), ...history] : history;
  if (cut <= 0) {
    session.prevCursor = answer.value.prevCursor;
    session.store.setHistory({ hasOlder: answer.value.prevCursor !== null });
  }
  if (answer.value.branches) takeBranches(session, answer.value.branches, 'merge');
  const last = history.at(-1);
  if (last?.role === 'assistant') {
    const reason = (last.metadata as StoredMessageMetadata | undefined)?.stopReason;
    session.tracker.finish({ message: last, messages: session.chat.messages, isAbort: reason === 'stopped', isError: reason === 'error' || reason === 'interrupted' });
  }
  return answer.value.conversation ?? undefined;
}

const textLength = (message: UIMessage): number => message.parts.reduce((n, part) => n + (part.type === 'text' || part.type === 'reasoning' ? part.text.length : 0), 0);

/**
 * A run lost with its server is saved with what its run log still held — nothing when the log went
 * with the server. When the tab showed more of that reply than was saved, the tab's part of it stays
 * (under the saved reply's id and marks): what arrived is not taken away by the reload.
 */
function keepShownPartial<MESSAGE extends UIMessage>(history: MESSAGE[], shownLast: MESSAGE | undefined): MESSAGE[] {
  const saved = history.at(-1);
  if (!saved || !shownLast || saved.role !== 'assistant' || shownLast.role !== 'assistant') return history;
  if ((saved.metadata as StoredMessageMetadata | undefined)?.stopReason !== 'interrupted') return history;
  // The shown reply is the saved one, or one the server never saved (its log lost even the id).
  if (saved.id !== shownLast.id && history.some((m) => m.id === shownLast.id)) return history;
  if (textLength(shownLast) <= textLength(saved)) return history;
  return sanitizeHistory([...history.slice(0, -1), { ...saved, parts: shownLast.parts }]);
}
