import type { AgentUIMessage } from '@x/agent-protocol';
import type { UITools } from 'ai';
import { withEditedApprovalInput } from './approvals.js';
import { shouldContinue } from './auto-continue.js';
import { loadOlder, removeMessage, setFeedback } from './server-history.js';
import { isBusy, stopWith, type ChatSession } from './session.js';
import { send, type SendGate } from './send.js';
import type { UseAgentChatResult } from './types.js';
import type { EventHub } from './events.js';

type Message<TOOLS extends UITools> = AgentUIMessage<TOOLS>;

/** Which slices of the snapshot the owning view read (it re-renders for those only). */
export interface TrackedSlices {
  messages: boolean;
  status: boolean;
  error: boolean;
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
    sendMessage: (message, options) => send(host, session, message, 'send', undefined, options),
    editMessage: (messageId, text) => send(host, session, { text }, 'edit', messageId, undefined),
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
    },
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
      const removed = removeMessage(host.options, session, current, options?.keepalive === true);
      tracker.emit('onDeleteMessage', { message, conversationId: session.conversationId });
      return removed;
    },
    setFeedback: (messageId, value) => setFeedback(host.options, session, messageId, value),
    loadOlder: () => loadOlder(host.options, session),
    clearError: () => chat.clearError(),
    addToolOutput: (async (args: Parameters<UseAgentChatResult<TOOLS>['addToolOutput']>[0]) => {
      session.answeredByClient.add(args.toolCallId);
      await chat.addToolOutput(args);
    }) as UseAgentChatResult<TOOLS>['addToolOutput'],
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
