import { CHAT_TITLE_PART, type ChatTitleData } from '@x/agent-protocol';
import type { DataUIPart, FinishReason, UIMessage } from 'ai';
import { getToolName, isToolUIPart } from './engine/tool-parts.js';
import { isWaitingForUser, shouldContinue, waitsForUser } from './auto-continue.js';
import { FINAL_TOOL_STATES } from './history.js';

/** Why a reply was stopped. */
export type StopReason = 'user' | 'conversation-switch' | 'unmount' | 'clear' | 'edit' | 'regenerate' | 'delete' | 'other';

/** Payloads of the chat events. Every event fires once per id and never for loaded history. */
export interface AgentEventMap<MESSAGE extends UIMessage = UIMessage> {
  /** A user message was added (once per message id; not for history, not again after an edit). */
  onUserMessage: { message: MESSAGE; conversationId: string | undefined };
  /** The first user message of a conversation that started empty. */
  onConversationStart: { message: MESSAGE; conversationId: string | undefined };
  /**
   * An assistant reply ended: normally, stopped (`aborted`) or failed (`errored`). A reply that waits
   * for an approval or a browser tool completes when its continuation ends (once per message id).
   */
  onMessageComplete: {
    message: MESSAGE;
    finishReason: FinishReason | undefined;
    aborted: boolean;
    errored: boolean;
    conversationId: string | undefined;
  };
  /** The model called a tool (input complete), once per tool call id. */
  onToolCall: {
    toolCallId: string;
    toolName: string;
    input: unknown;
    /** True for dynamic (e.g. MCP) tools. */
    dynamic: boolean;
    messageId: string;
    conversationId: string | undefined;
  };
  /** A tool call got its result, failed, or was denied — once per tool call id. */
  onToolResult: {
    toolCallId: string;
    toolName: string;
    input: unknown;
    output: unknown;
    errored: boolean;
    errorText: string | undefined;
    denied: boolean;
    dynamic: boolean;
    messageId: string;
    conversationId: string | undefined;
  };
  /** A request or stream failed. */
  onError: { error: Error; conversationId: string | undefined };
  /** A `data-chat-title` part arrived. */
  onTitleGenerated: { title: string; conversationId: string | undefined };
  /** Any data part arrived from the stream (transient ones included). */
  onDataPart: { part: DataUIPart<Record<string, unknown>>; conversationId: string | undefined };
  /** A reply in progress was stopped. */
  onStop: { message: MESSAGE | undefined; reason: StopReason; conversationId: string | undefined };
  /** `regenerate` was called: `messageId` is the assistant message that is replaced (if any). */
  onRegenerate: { messageId: string | undefined; conversationId: string | undefined };
  /** `editMessage` resent a user message with new content. */
  onEditMessage: { messageId: string; previous: MESSAGE; text: string; conversationId: string | undefined };
  /** `deleteMessage` removed a message. */
  onDeleteMessage: { message: MESSAGE; conversationId: string | undefined };
  /** A reply stopped to wait for the user's approval of tool calls (once per reply; named tools in order). */
  onApprovalRequest: { message: MESSAGE; toolNames: string[]; conversationId: string | undefined };
}

/** Handlers for `useAgentEvents`; each is optional. */
export type AgentEventHandlers<MESSAGE extends UIMessage = UIMessage> = {
  [K in keyof AgentEventMap<MESSAGE>]?: (event: AgentEventMap<MESSAGE>[K]) => void;
};

/** Where handlers register: one per chat session (conversation). */
export interface AgentEventSource<MESSAGE extends UIMessage = UIMessage> {
  /** Adds handlers (read through the getter at each event); returns how to remove them. */
  subscribe(getHandlers: () => AgentEventHandlers<MESSAGE>): () => void;
}

/**
 * Derives the chat events from the transcript and the chat's callbacks, keeping the ids it has seen
 * so each event fires once per id — also when delete, edit or regenerate shrink the list and the
 * same messages come back — and marking loaded history as seen without firing.
 */
export class EventTracker<MESSAGE extends UIMessage = UIMessage> {
  private readonly userIds = new Set<string>();
  private readonly toolCalls = new Set<string>();
  private readonly toolResults = new Set<string>();
  private readonly completed = new Set<string>();
  private readonly scanned = new WeakSet<object>();
  private started: boolean;
  /** Why the next abort happens (set by stop callers). */
  stopReason: StopReason | undefined;
  /**
   * True while the server was asked to stop the reply (resumable runs): the stream then ends
   * normally on the wire, yet the reply counts as stopped.
   */
  stopping = false;
  /**
   * True once the view let go of a reply the server keeps running (unmount or conversation switch
   * with resumable runs): it has not ended, so its end fires nothing here — the session that
   * re-attaches to it reports it.
   */
  letGo = false;

  constructor(
    private readonly conversationId: string | undefined,
    history: readonly MESSAGE[],
    private readonly answeredByClient: ReadonlySet<string>,
    private readonly hub: EventHub<MESSAGE>,
  ) {
    this.started = history.length > 0;
    this.markHistory(history);
  }

  /** Marks messages as seen without firing (loaded history, `setMessages`). */
  markHistory(messages: readonly MESSAGE[]): void {
    if (messages.length > 0) this.started = true;
    for (const message of messages) {
      this.scanned.add(message);
      if (message.role === 'user') this.userIds.add(message.id);
      // A reply loaded while it waits (an approval, a browser tool) completes when its continuation ends.
      if (message.role === 'assistant' && !waitsForUser(message)) this.completed.add(message.id);
      for (const part of message.parts ?? []) {
        if (!isToolUIPart(part)) continue;
        if (part.state !== 'input-streaming') this.toolCalls.add(part.toolCallId);
        if (FINAL_TOOL_STATES.has(part.state)) this.toolResults.add(part.toolCallId);
      }
    }
  }

  /** Fires the events the transcript implies and that have not fired yet. */
  scan(messages: readonly MESSAGE[]): void {
    for (const message of messages) {
      if (this.scanned.has(message)) continue;
      this.scanned.add(message);
      if (message.role === 'user') {
        if (this.userIds.has(message.id)) continue;
        this.userIds.add(message.id);
        if (!this.started) {
          this.started = true;
          this.emit('onConversationStart', { message, conversationId: this.conversationId });
        }
        this.emit('onUserMessage', { message, conversationId: this.conversationId });
        continue;
      }
      for (const part of message.parts) {
        if (!isToolUIPart(part) || part.state === 'input-streaming') continue;
        const dynamic = part.type === 'dynamic-tool';
        const toolName = getToolName(part);
        if (!this.toolCalls.has(part.toolCallId)) {
          this.toolCalls.add(part.toolCallId);
          this.emit('onToolCall', {
            toolCallId: part.toolCallId,
            toolName,
            input: part.input,
            dynamic,
            messageId: message.id,
            conversationId: this.conversationId,
          });
        }
        if (FINAL_TOOL_STATES.has(part.state) && !(part.state === 'output-available' && part.preliminary) && !this.toolResults.has(part.toolCallId)) {
          this.toolResults.add(part.toolCallId);
          this.emit('onToolResult', {
            toolCallId: part.toolCallId,
            toolName,
            input: part.input,
            output: part.state === 'output-available' ? part.output : undefined,
            errored: part.state === 'output-error',
            errorText: part.state === 'output-error' ? part.errorText : undefined,
            denied: part.state === 'output-denied',
            dynamic,
            messageId: message.id,
            conversationId: this.conversationId,
          });
        }
      }
    }
  }

  /** The chat's `onFinish`: one reply (request) ended. */
  finish(
    event: { message: MESSAGE; messages: MESSAGE[]; isAbort: boolean; isError: boolean; finishReason?: FinishReason },
  ): void {
    if (this.letGo) return;
    this.scan(event.messages);
    const message = event.messages.find((m) => m.id === event.message.id);
    const aborted = event.isAbort || this.stopping;
    if (aborted) {
      this.emit('onStop', { message, reason: this.stopReason ?? 'other', conversationId: this.conversationId });
    }
    this.stopReason = undefined;
    this.stopping = false;
    if (!message || message.role !== 'assistant' || this.completed.has(message.id)) return;
    const ended = aborted || event.isError;
    const requested = ended ? [] : message.parts.filter((part) => isToolUIPart(part) && part.state === 'approval-requested');
    if (requested.length) {
      const toolNames = requested.map((part) => (isToolUIPart(part) ? getToolName(part) : ''));
      this.emit('onApprovalRequest', { message, toolNames, conversationId: this.conversationId });
    }
    if (!ended && (isWaitingForUser(event.messages) || shouldContinue(event.messages, this.answeredByClient))) return;
    this.completed.add(message.id);
    this.emit('onMessageComplete', {
      message,
      finishReason: event.finishReason,
      aborted,
      errored: event.isError,
      conversationId: this.conversationId,
    });
  }

  /** The chat's `onData`. */
  data(part: DataUIPart<Record<string, unknown>>): void {
    this.emit('onDataPart', { part, conversationId: this.conversationId });
    if (part.type === CHAT_TITLE_PART) {
      const title = (part.data as Partial<ChatTitleData> | undefined)?.title;
      if (typeof title === 'string') this.emit('onTitleGenerated', { title, conversationId: this.conversationId });
    }
  }

  /** The chat's `onError`. */
  error(error: Error): void {
    this.emit('onError', { error, conversationId: this.conversationId });
  }

  /** Fires a method event (regenerate, edit, delete). */
  emit<K extends keyof AgentEventMap<MESSAGE>>(name: K, event: AgentEventMap<MESSAGE>[K]): void {
    this.hub.emit(name, event);
  }
}

/** The handlers of one `useAgentChat`: every session (conversation) of it emits here. */
export class EventHub<MESSAGE extends UIMessage = UIMessage> implements AgentEventSource<MESSAGE> {
  private readonly subscribers = new Set<() => AgentEventHandlers<MESSAGE>>();

  subscribe(getHandlers: () => AgentEventHandlers<MESSAGE>): () => void {
    this.subscribers.add(getHandlers);
    return () => {
      this.subscribers.delete(getHandlers);
    };
  }

  emit<K extends keyof AgentEventMap<MESSAGE>>(name: K, event: AgentEventMap<MESSAGE>[K]): void {
    for (const getHandlers of this.subscribers) {
      const handler = getHandlers()[name] as ((e: AgentEventMap<MESSAGE>[K]) => void) | undefined;
      if (!handler) continue;
      try {
        handler(event);
      } catch (error) {
        // A failing handler must not break the chat or the other handlers.
        console.error(`[agent-react] ${String(name)} handler failed`, error);
      }
    }
  }
}
