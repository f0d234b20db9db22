import type { AgentUIMessage } from '@x/agent-protocol';
import type { UITools } from 'ai';
import { putQueue } from './conversation-requests.js';
import type { ChatSession } from './chat-session.js';
import { isBusy, requestOptions } from './session-reads.js';
import { pauseQueue, setQueueQuietly, unpauseQueue } from './queue-hold.js';
import { stopReply } from './stop.js';
import type { UseAgentChatOptions } from './types.js';

type Message<TOOLS extends UITools> = AgentUIMessage<TOOLS>;

/** Where a queue waits without a store: this tab's sessionStorage, by conversation (or chat) id. */
const storageKey = (session: { conversationId: string | undefined; chat: { id: string } }) => `x-agent:queue:${session.conversationId ?? session.chat.id}`;

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage blocked (privacy settings): the queue lives in memory only
  }
}

/**
 * Saves the session's queue where it survives a reload: on the server while it owns the history
 * (`PUT …/queue`, the latest list wins: saves run one after the other), else in sessionStorage.
 * A refused save leaves the queue as it is in the browser (it is still sent); `error` is not set.
 * A 404 (a new conversation whose first message is still on its way) is saved again once the
 * server answers that turn (`followQueue`).
 */
export function saveQueue<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>): Promise<void> {
  const queue = session.chat.experimental_queuedMessages;
  if (session.historyOwner !== 'server' || !session.conversationId) {
    const storage = sessionStorageOrUndefined();
    try {
      if (queue.length === 0) storage?.removeItem(storageKey(session));
      else storage?.setItem(storageKey(session), JSON.stringify(queue));
    } catch {
      // quota exceeded: the queue lives in memory only
    }
    return Promise.resolve();
  }
  const conversationId = session.conversationId;
  const body = queue.map(({ id, role, parts, metadata }) => ({ id, role, parts, ...(metadata !== undefined ? { metadata } : {}) }));
  session.queueSave = (session.queueSave ?? Promise.resolve()).then(async () => {
    const streaming = () => session.chat.status === 'streaming';
    const streamedBefore = streaming();
    const answer = await putQueue(requestOptions(options, session), conversationId, { messages: body });
    session.queueUnsaved = !answer.ok && answer.status === 404;
    // The turn began while this save was on its way (it found no conversation yet): once more now.
    if (session.queueUnsaved && !streamedBefore && streaming()) {
      session.queueUnsaved = false;
      void saveQueue(options, session);
    }
  });
  return session.queueSave;
}

/**
 * Takes a queue kept from before a reload into the chat (the server's `queue`, else this tab's
 * sessionStorage), paused: it waits for "Send now" or the next send rather than firing on its own.
 */
export function restoreQueue<TOOLS extends UITools>(session: ChatSession<TOOLS>, fromServer: Message<TOOLS>[] | undefined): void {
  let queue = fromServer;
  if (queue === undefined && session.historyOwner !== 'server') {
    const raw = sessionStorageOrUndefined()?.getItem(storageKey(session));
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : undefined;
      if (Array.isArray(parsed)) queue = parsed.filter((m: Message<TOOLS> | null) => typeof m?.id === 'string' && Array.isArray(m.parts));
    } catch {
      queue = undefined;
    }
  }
  if (!queue || queue.length === 0 || session.chat.experimental_queuedMessages.length > 0) return;
  setQueueQuietly(session, queue);
  if (!isBusy(session.chat)) pauseQueue(session, 'restored');
}

/**
 * "Send now": stops the reply in progress (through the server when its runs are resumable) and
 * sends queued message `id`; the rest of the queue follows it, one turn after the other.
 */
export async function sendQueuedNow<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>, id: string): Promise<boolean> {
  const chat = session.chat;
  const queue = chat.experimental_queuedMessages;
  const message = queue.find((m) => m.id === id);
  if (!message) return false;
  session.used = true;
  // First in line before the stop: a stop through the server ends the reply normally, and the SDK
  // then sends the head of the queue by itself.
  chat.setQueue([message, ...queue.filter((m) => m.id !== id)]);
  if (isBusy(chat) || session.reconnect) await stopReply(options, session, 'user');
  unpauseQueue(session);
  if (chat.experimental_queuedMessages.some((m) => m.id === id)) await chat.experimental_sendQueuedMessageNow(id);
  return true;
}

/**
 * Keeps the queue where it survives a reload (every change but a restore), and `queuePaused`: set
 * when a reply fails with messages waiting, cleared when a request starts or the queue empties.
 */
export function followQueue<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>, change: string): void {
  const { chat } = session;
  const waiting = chat.experimental_queuedMessages.length > 0;
  if (change === 'queue') {
    if (!waiting) unpauseQueue(session);
    if (!session.restoringQueue) void saveQueue(options, session);
  } else if (change === 'status') {
    if (isBusy(chat)) unpauseQueue(session);
    else if (chat.status === 'error' && waiting) pauseQueue(session, 'failed');
    // A reply streams (or ended): its turn began, so the conversation exists now — save what waited.
    if (session.queueUnsaved && (chat.status === 'streaming' || chat.status === 'ready')) {
      session.queueUnsaved = false;
      void saveQueue(options, session);
    }
  }
}
