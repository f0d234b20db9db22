import { Chat } from '@ai-sdk/react';
import { UPDATE_PAGE_STATE_TOOL, type AgentRequestBody, type AgentUIMessage } from '@x/agent-protocol';
import type { ChatRequestOptions, UITools } from 'ai';
import type {
  AgentChat,
  AgentToolCall,
  OutgoingMessage,
  SendResult,
  SharedStateInput,
  UseAgentChatOptions,
} from './agent-chat-types.js';
import { shouldContinue } from './auto-continue.js';
import { AgentChatStore } from './chat-store.js';
import { EventHub, EventTracker, type StopReason } from './events.js';
import { sanitizeHistory } from './history.js';
import { isSharedStateStore, type SharedStateLink } from './shared-state/create-shared-state-store.js';
import { createAgentTransport, isNonEmptyObject } from './transport.js';

type Message<TOOLS extends UITools> = AgentUIMessage<TOOLS>;

/** One conversation: its chat, store, event tracker and the handle `useAgentChat` returns. */
export interface ChatSession<TOOLS extends UITools = UITools> {
  readonly conversationId: string | undefined;
  readonly chat: Chat<Message<TOOLS>>;
  readonly store: AgentChatStore<Message<TOOLS>>;
  readonly tracker: EventTracker<Message<TOOLS>>;
  readonly handle: AgentChat<TOOLS>;
  /** Tool calls answered in the browser (they, unlike server tools, make the chat continue). */
  readonly answeredByClient: Set<string>;
  /** Keys of the sharedState the latest request exposed: the allowlist of `update-page-state`. */
  exposedKeys: string[] | undefined;
  /** The `messages` option the transcript was loaded from. */
  loadedFrom: Message<TOOLS>[] | undefined;
  /** True once something was sent in this conversation (later `messages` options are then ignored). */
  used: boolean;
  disposed: boolean;
}

/** Which slices of the snapshot the owning component read during render (it re-renders for those). */
export interface TrackedSlices {
  messages: boolean;
  status: boolean;
  error: boolean;
}

function sharedStateLink(input: SharedStateInput | undefined): SharedStateLink | undefined {
  if (isSharedStateStore(input)) return input;
  const store = (input as { store?: unknown } | undefined)?.store;
  return isSharedStateStore(store) ? store : undefined;
}

/**
 * The vanilla core of `useAgentChat`: keeps the latest options (read at send time), one session per
 * conversation, the `onBeforeSend` gate and the methods. React-free, so it can be tested and reused.
 */
export class AgentChatController<TOOLS extends UITools = UITools> {
  options: UseAgentChatOptions<TOOLS>;
  readonly events = new EventHub<Message<TOOLS>>();
  readonly tracked: TrackedSlices = { messages: false, status: false, error: false };
  private current: ChatSession<TOOLS> | undefined;
  private readonly retired = new Set<ChatSession<TOOLS>>();
  private checking = false;

  constructor(options: UseAgentChatOptions<TOOLS>) {
    this.options = options;
  }

  /** Stores the latest options: every send reads them. */
  setOptions(options: UseAgentChatOptions<TOOLS>): void {
    this.options = options;
  }

  /** The session for these options: the current one, or a new one when the conversation changed. */
  sessionFor(options: UseAgentChatOptions<TOOLS>): ChatSession<TOOLS> {
    const current = this.current;
    if (current && current.conversationId === options.conversationId) {
      current.store.setThrottle(options.throttle ?? 'frame');
      return current;
    }
    if (current) this.retired.add(current);
    this.current = this.createSession(options);
    return this.current;
  }

  /** The active session (after the first render). */
  get session(): ChatSession<TOOLS> {
    return (this.current ??= this.createSession(this.options));
  }

  /** Stops and drops sessions of earlier conversations (an effect calls this after a switch). */
  retireOld(): void {
    for (const session of this.retired) this.dispose(session, 'conversation-switch');
    this.retired.clear();
  }

  /** Stops the reply of a session that is no longer shown and drops its subscriptions. */
  dispose(session: ChatSession<TOOLS>, reason: StopReason): void {
    if (session.disposed) return;
    session.disposed = true;
    if (session.chat.status === 'submitted' || session.chat.status === 'streaming') session.tracker.stopReason = reason;
    void session.chat.stop();
  }

  /** True for the session of the conversation shown now. */
  isCurrent(session: ChatSession<TOOLS>): boolean {
    return this.current === session;
  }

  /** Re-activates a session after an effect cleanup (React StrictMode mounts effects twice). */
  revive(session: ChatSession<TOOLS>): void {
    session.disposed = false;
  }

  /**
   * Loads a `messages` option passed after the conversation started (history that arrived
   * asynchronously), as long as nothing was sent in it yet. Called from a layout effect.
   */
  adoptHistory(session: ChatSession<TOOLS>, messages: Message<TOOLS>[] | undefined): void {
    if (!messages || messages === session.loadedFrom || session.used || session.chat.status !== 'ready') return;
    session.loadedFrom = messages;
    const history = sanitizeHistory(messages);
    session.tracker.markHistory(history);
    session.chat.messages = history;
  }

  private createSession(options: UseAgentChatOptions<TOOLS>): ChatSession<TOOLS> {
    const conversationId = options.conversationId;
    const history = sanitizeHistory(options.messages ?? []);
    const answeredByClient = new Set<string>();
    // eslint-disable-next-line prefer-const -- assigned once the chat exists
    let session: ChatSession<TOOLS>;
    const chat = new Chat<Message<TOOLS>>({
      ...(conversationId ? { id: conversationId } : {}),
      messages: history,
      transport: createAgentTransport<Message<TOOLS>>(
        () => {
          const o = this.options;
          const link = sharedStateLink(o.sharedState);
          return {
            agentId: o.agentId,
            ...(o.api !== undefined ? { api: o.api } : {}),
            ...(conversationId ? { conversationId } : {}),
            sharedState: link ? link.expose() : (o.sharedState as Record<string, unknown> | undefined),
            urlQuery: o.urlQuery,
            pageId: o.pageId,
            headers: o.headers,
            ...(o.credentials ? { credentials: o.credentials } : {}),
            ...(o.fetch ? { fetch: o.fetch } : {}),
          };
        },
        (body: AgentRequestBody) => {
          session.exposedKeys = isNonEmptyObject(body.sharedState) ? Object.keys(body.sharedState) : [];
        },
      ),
      onToolCall: ({ toolCall }) => this.handleToolCall(session, toolCall as AgentToolCall<TOOLS>),
      onFinish: (event) => session.tracker.finish(event),
      onData: (part) => session.tracker.data(part as never),
      onError: (error) => session.tracker.error(error),
      sendAutomaticallyWhen: ({ messages }) => !session.disposed && shouldContinue(messages, answeredByClient),
    });
    const store = new AgentChatStore<Message<TOOLS>>(chat, options.throttle ?? 'frame');
    const tracker = new EventTracker<Message<TOOLS>>(conversationId, history, answeredByClient, this.events);
    session = {
      conversationId,
      chat,
      store,
      tracker,
      answeredByClient,
      exposedKeys: undefined,
      loadedFrom: options.messages,
      used: false,
      disposed: false,
      handle: undefined as unknown as AgentChat<TOOLS>,
    };
    (session as { handle: AgentChat<TOOLS> }).handle = this.createHandle(session);
    return session;
  }

  /** Starts watching the transcript for events; returns how to stop (an effect owns this). */
  watch(session: ChatSession<TOOLS>): () => void {
    const scan = () => session.tracker.scan(session.chat.messages);
    scan();
    return session.chat['~registerMessagesCallback'](scan);
  }

  private handleToolCall(session: ChatSession<TOOLS>, toolCall: AgentToolCall<TOOLS>): void {
    const answer = (result: { output: unknown } | { errorText: string }) => {
      session.answeredByClient.add(toolCall.toolCallId);
      const base = { tool: toolCall.toolName, toolCallId: toolCall.toolCallId } as const;
      // Never awaited here: the chat runs this callback inside its own job queue.
      void session.chat.addToolOutput(
        ('errorText' in result
          ? { ...base, state: 'output-error', errorText: result.errorText }
          : { ...base, output: result.output }) as Parameters<typeof session.chat.addToolOutput>[0],
      );
    };
    const link = sharedStateLink(this.options.sharedState);
    if (toolCall.toolName === UPDATE_PAGE_STATE_TOOL && !toolCall.dynamic && (link || !this.options.onToolCall)) {
      if (!link) {
        const keys = Object.keys(((toolCall.input as { updates?: object } | undefined)?.updates ?? {}) as object);
        answer({
          output: {
            ok: true,
            written: [],
            ...(keys.length ? { ignored: keys, reasons: Object.fromEntries(keys.map((k) => [k, 'read-only: this page shares its state read-only'])) } : {}),
          },
        });
        return;
      }
      const turnId = session.chat.messages.findLast((m) => m.role === 'user')?.id;
      void link
        .applyUpdates(toolCall.input, {
          ...(session.exposedKeys ? { exposedKeys: session.exposedKeys } : {}),
          toolCallId: toolCall.toolCallId,
          ...(turnId ? { turnId } : {}),
          agentId: this.options.agentId,
        })
        .then((result) => answer(result.ok ? { output: result.output } : { errorText: result.errorText }));
      return;
    }
    const handler = this.options.onToolCall;
    if (!handler) return;
    const fail = (error: unknown) => answer({ errorText: error instanceof Error ? error.message : String(error) });
    let result: unknown;
    try {
      result = handler({ toolCall });
    } catch (error) {
      fail(error);
      return;
    }
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then((output) => {
        if (output !== undefined) answer({ output });
      }, fail);
    } else if (result !== undefined) {
      answer({ output: result });
    }
  }

  private async send(
    session: ChatSession<TOOLS>,
    message: OutgoingMessage,
    kind: 'send' | 'edit',
    messageId: string | undefined,
    options: ChatRequestOptions | undefined,
  ): Promise<SendResult> {
    const hasFiles = message.files !== undefined && message.files.length > 0;
    if (!message.text?.trim() && !hasFiles) return { sent: false, reason: 'empty' };
    if (this.checking) return { sent: false, reason: 'check-pending' };
    const chat = session.chat;
    if (kind === 'send' && (chat.status === 'submitted' || chat.status === 'streaming')) return { sent: false, reason: 'busy' };
    const before = this.options.onBeforeSend;
    if (before) {
      this.checking = true;
      try {
        const verdict = await before(message, {
          kind,
          ...(messageId ? { messageId } : {}),
          agentId: this.options.agentId,
          conversationId: session.conversationId,
          messages: chat.messages,
        });
        if (verdict === false) return { sent: false, reason: 'cancelled' };
      } catch (error) {
        return { sent: false, reason: 'cancelled', error };
      } finally {
        this.checking = false;
      }
    }
    if (session !== this.current || session.disposed) return { sent: false, reason: 'conversation-changed' };
    if (kind === 'edit') {
      const previous = chat.messages.find((m) => m.id === messageId);
      if (!previous || previous.role !== 'user') return { sent: false, reason: 'not-found' };
      if (chat.status === 'submitted' || chat.status === 'streaming') {
        session.tracker.stopReason = 'edit';
        await chat.stop();
      }
      session.tracker.emit('onEditMessage', {
        messageId: messageId!,
        previous,
        text: message.text,
        conversationId: session.conversationId,
      });
    }
    session.used = true;
    const done = chat
      .sendMessage(
        { text: message.text, ...(message.files ? { files: message.files } : {}), ...(message.metadata ? { metadata: message.metadata } : {}), ...(messageId ? { messageId } : {}) } as Parameters<typeof chat.sendMessage>[0],
        options,
      )
      .then(
        () => undefined,
        (error: unknown) => session.tracker.error(error instanceof Error ? error : new Error(String(error))),
      );
    return { sent: true, done };
  }

  private createHandle(session: ChatSession<TOOLS>): AgentChat<TOOLS> {
    const { chat, store, tracker } = session;
    const tracked = this.tracked;
    const busy = () => chat.status === 'submitted' || chat.status === 'streaming';
    const stopWith = async (reason: StopReason) => {
      if (busy()) tracker.stopReason = reason;
      await chat.stop();
    };
    const handle: AgentChat<TOOLS> = {
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
      conversationId: session.conversationId,
      sendMessage: (message, options) => this.send(session, message, 'send', undefined, options),
      editMessage: (messageId, text) => this.send(session, { text }, 'edit', messageId, undefined),
      regenerate: async ({ messageId, ...options } = {}) => {
        if (busy()) await stopWith('regenerate');
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
      stop: () => stopWith('user'),
      setMessages: (next) => {
        const messages = typeof next === 'function' ? next(chat.messages) : next;
        tracker.markHistory(messages);
        chat.messages = messages;
      },
      clearMessages: async () => {
        await stopWith('clear');
        chat.messages = [];
      },
      deleteMessage: async (messageId) => {
        const message = chat.messages.find((m) => m.id === messageId);
        if (!message) return false;
        if (busy() && chat.lastMessage?.id === messageId) await stopWith('delete');
        const index = chat.messages.findIndex((m) => m.id === messageId);
        if (index === -1) return false;
        chat.messages = chat.messages.filter((m) => m.id !== messageId);
        tracker.emit('onDeleteMessage', { message, conversationId: session.conversationId });
        return true;
      },
      clearError: () => chat.clearError(),
      addToolOutput: (async (args: Parameters<AgentChat<TOOLS>['addToolOutput']>[0]) => {
        session.answeredByClient.add(args.toolCallId);
        await chat.addToolOutput(args);
      }) as AgentChat<TOOLS>['addToolOutput'],
      addToolApprovalResponse: async (response) => {
        await chat.addToolApprovalResponse(response);
      },
      store,
      events: this.events,
      chat,
    };
    return handle;
  }
}
