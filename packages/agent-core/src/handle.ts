import type { AgentUIMessage } from '@x/agent-protocol';
import type { ChatRequestOptions, UITools } from 'ai';
import { shouldContinue } from './auto-continue.js';
import { withEditedApprovalInput } from './approval-edits.js';
import { refreshBranches, switchBranch } from './branches.js';
import { queueOf } from './queue-hooks.js';
import { releaseOlderPages } from './history-window.js';
import { loadOlder, removeStoredMessage, saveFeedback } from './server-history.js';
import type { ChatSession } from './chat-session.js';
import { stopWith } from './session.js';
import { isBusy, requestOptions } from './session-reads.js';
import { postRemoteAgentAnswer } from './remote-agent-answer.js';
import { send as sendTurn, type SendGate } from './send.js';
import type { OutgoingMessage, SendResult, UseAgentChatResult } from './types.js';
import type { EventHub } from './events.js';

type Message<TOOLS extends UITools> = AgentUIMessage<TOOLS>;

/** Which slices of the snapshot the owning view read (it re-renders for those only). */
export interface TrackedSlices {
  messages: boolean;
  status: boolean;
  error: boolean;
  /** History status, versions, connection — and the queue. */
  history: boolean;
}

/** What the handle needs from the controller. */
export interface HandleHost<TOOLS extends UITools> extends SendGate<TOOLS> {
  readonly events: EventHub<Message<TOOLS>>;
  readonly tracked: TrackedSlices;
}

/** The object `useAgentChat` returns for one session: reads track slices, methods act on the chat. */
export function createHandle<TOOLS extends UITools>(host: HandleHost<TOOLS>, session: ChatSession<TOOLS>): UseAgentChatResult<TOOLS> {
  const { chat, store, tracker } = session;
  const tracked = host.tracked;
  const stop = (reason: Parameters<typeof stopWith>[2]) => stopWith(host.options, session, reason);
  const send = (message: OutgoingMessage, kind: 'send' | 'edit', messageId: string | undefined, options: ChatRequestOptions | undefined): Promise<SendResult> =>
    sendTurn(host, session, message, kind, messageId, options);
  const handle: UseAgentChatResult<TOOLS> = {
    get messages() {
      tracked.messages = true;
      return store.getSnapshot().messages as Message<TOOLS>[];
    },
    get status() {
      tracked.status = true;
      return store.getSnapshot().status;
    },
    get error() {
      tracked.error = true;
      return store.getSnapshot().error;
    },
    get historyStatus() {
      tracked.history = true;
      return store.getSnapshot().historyStatus;
    },
    get hasOlder() {
      tracked.history = true;
      return store.getSnapshot().hasOlder;
    },
    get connection() {
      tracked.history = true;
      return store.getSnapshot().connection;
    },
    conversationId: session.conversationId,
    sendMessage: (message, options) => send(message, 'send', undefined, options),
    editMessage: (messageId, text, options) => send({ text, ...(options?.files ? { files: options.files } : {}) }, 'edit', messageId, undefined),
    regenerate: async ({ messageId, ...options } = {}) => {
      if (isBusy(chat)) await stop('regenerate');
      if (!messageId && shouldContinue(chat.messages, session.answeredByClient)) {
        // The reply waits for answers that never reached the server (a failed continuation after
        // approvals or browser tool outputs): retrying sends them, instead of dropping the reply
        // and asking the user to approve again.
        session.used = true;
        await chat.sendMessage(undefined, options);
        return;
      }
      const messages = chat.messages;
      // Without an id the AI SDK regenerates from the last message: a reply when it is an assistant
      // message, else (e.g. after an error before any reply) a fresh answer to the last user message.
      const target = messageId ? messages.find((m) => m.id === messageId) : messages.at(-1);
      if (messageId && !target) return;
      if (messages.length === 0) return;
      session.used = true;
      tracker.emit('onRegenerate', { messageId: target?.role === 'assistant' ? target.id : undefined, conversationId: session.conversationId });
      await chat.regenerate({ ...(messageId ? { messageId } : {}), ...options });
      // The server kept the previous reply as another version: read the versions again.
      await refreshBranches(host.options, session);
    },
    branches: (messageId) => {
      tracked.history = true;
      const branch = store.getSnapshot().branches[messageId];
      return branch ? { index: branch.index, count: branch.count } : undefined;
    },
    switchBranch: (messageId, index) => switchBranch(host.options, session, messageId, index),
    get queue() {
      tracked.history = true;
      return store.getSnapshot().queue as Message<TOOLS>[];
    },
    get queuePaused() {
      tracked.history = true;
      return store.getSnapshot().queuePaused;
    },
    get queuePausedReason() {
      tracked.history = true;
      return store.getSnapshot().queuePausedReason;
    },
    editQueued: async (id, text) => queueOf(host.options)?.edit(session, id, text) ?? false,
    removeQueued: async (id) => queueOf(host.options)?.remove(session, id) ?? false,
    moveQueued: async (id, delta) => queueOf(host.options)?.move(session, id, delta) ?? false,
    sendNow: async (id) => (await queueOf(host.options)?.sendNow(host.options, session, id)) ?? false,
    // A Stop pauses the queue (as the engine's own does): the user sends the rest on purpose.
    stop: () => stop('user'),
    setMessages: (next) => {
      const messages = typeof next === 'function' ? next(chat.messages) : next;
      tracker.markHistory(messages);
      chat.messages = messages;
    },
    clearMessages: async () => {
      await stop('clear');
      chat.messages = [];
    },
    deleteMessage: async (messageId, options) => {
      const message = chat.messages.find((m) => m.id === messageId);
      if (!message) return false;
      if (isBusy(chat) && chat.lastMessage?.id === messageId) await stop('delete');
      const current = chat.messages.find((m) => m.id === messageId);
      if (!current) return false;
      const removed = removeStoredMessage(host.options, session, current, options?.keepalive === true);
      tracker.emit('onDeleteMessage', { message, conversationId: session.conversationId });
      return removed;
    },
    setFeedback: (messageId, value, comment) => saveFeedback(host.options, session, messageId, value, comment),
    loadOlder: () => loadOlder(host.options, session),
    releaseOlder: (keepPages) => releaseOlderPages(session, keepPages),
    clearError: () => chat.clearError(),
    addToolOutput: (async (args: Parameters<UseAgentChatResult<TOOLS>['addToolOutput']>[0]) => {
      session.answeredByClient.add(args.toolCallId);
      await chat.addToolOutput(args);
    }) as UseAgentChatResult<TOOLS>['addToolOutput'],
    answerRemoteAgent: async (toolCallId, answer) => {
      const sent = await postRemoteAgentAnswer(requestOptions(host.options, session), { toolCallId, answer });
      if (!sent.ok) chat.fail(sent.error);
      return sent.ok;
    },
    addToolApprovalResponse: async ({ input, ...response }) => {
      if (response.approved && input !== undefined) chat.messages = withEditedApprovalInput(chat.messages, response.id, input);
      await chat.addToolApprovalResponse(response);
    },
    store,
    events: host.events,
    chat,
  };
  return handle;
}
