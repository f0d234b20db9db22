import type { Chat } from '@ai-sdk/react';
import type { ChatStatus, UIMessage } from 'ai';
import { isThrottled, scheduleFlush, type CancelScheduled, type ThrottleSetting } from './frame-scheduler.js';

/** What a chat shows at one moment. A new object whenever one of its fields changes. */
export interface AgentChatSnapshot<MESSAGE extends UIMessage = UIMessage> {
  /**
   * The transcript. While a reply streams, only the streaming message is a new object in each
   * snapshot; every other message keeps its identity, so `memo`-ised rows skip re-rendering.
   */
  readonly messages: readonly MESSAGE[];
  readonly status: ChatStatus;
  readonly error: Error | undefined;
}

/**
 * An external store over one AI SDK `Chat` for `useSyncExternalStore`: it coalesces streaming
 * message updates (one publish per animation frame by default) and publishes status and error
 * changes at once, flushing pending messages first so no token is lost. It listens to the chat only
 * while it has subscribers, and cancels any scheduled frame when the last one leaves.
 */
export class AgentChatStore<MESSAGE extends UIMessage = UIMessage> {
  readonly chat: Chat<MESSAGE>;
  private snapshot: AgentChatSnapshot<MESSAGE>;
  private readonly listeners = new Set<() => void>();
  private disconnectChat: (() => void) | undefined;
  private cancelFlush: CancelScheduled | undefined;
  private readonly indexes = new WeakMap<readonly MESSAGE[], Map<string, MESSAGE>>();
  private publishes = 0;

  constructor(
    chat: Chat<MESSAGE>,
    private throttle: ThrottleSetting = 'frame',
  ) {
    this.chat = chat;
    this.snapshot = { messages: chat.messages, status: chat.status, error: chat.error };
  }

  /** Changes the throttle for later updates. */
  setThrottle(throttle: ThrottleSetting): void {
    this.throttle = throttle;
  }

  /** `useSyncExternalStore` subscribe: `listener` runs after each publish. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.connect();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.disconnect();
    };
  };

  /** `useSyncExternalStore` getSnapshot: the last published snapshot (stable between publishes). */
  getSnapshot = (): AgentChatSnapshot<MESSAGE> => {
    if (!this.disconnectChat) this.read();
    return this.snapshot;
  };

  /** The message with this id in the current snapshot (O(1) after the first lookup per snapshot). */
  getMessage(id: string): MESSAGE | undefined {
    const messages = this.getSnapshot().messages;
    let index = this.indexes.get(messages);
    if (!index) {
      index = new Map(messages.map((m) => [m.id, m]));
      this.indexes.set(messages, index);
    }
    return index.get(id);
  }

  /** How many snapshots were published so far (for benchmarks and tests). */
  get publishCount(): number {
    return this.publishes;
  }

  /** Publishes pending changes now (e.g. before reading the transcript outside React). */
  flush = (): void => {
    this.cancelFlush?.();
    this.cancelFlush = undefined;
    if (this.read()) this.listeners.forEach((listener) => listener());
  };

  private connect(): void {
    const chat = this.chat;
    const unsubscribes = [
      chat['~registerMessagesCallback'](this.onMessages),
      chat['~registerStatusCallback'](this.flush),
      chat['~registerErrorCallback'](this.flush),
    ];
    this.disconnectChat = () => unsubscribes.forEach((unsubscribe) => unsubscribe());
    this.read();
  }

  private disconnect(): void {
    this.disconnectChat?.();
    this.disconnectChat = undefined;
    this.cancelFlush?.();
    this.cancelFlush = undefined;
  }

  private onMessages = (): void => {
    const busy = this.chat.status === 'streaming' || this.chat.status === 'submitted';
    if (!busy || !isThrottled(this.throttle)) return this.flush();
    this.cancelFlush ??= scheduleFlush(this.throttle, this.flush);
  };

  /** Takes the chat's current state into the snapshot; true when something changed. */
  private read(): boolean {
    const { messages, status, error } = this.chat;
    const current = this.snapshot;
    if (current.messages === messages && current.status === status && current.error === error) return false;
    this.snapshot = { messages, status, error };
    this.publishes++;
    return true;
  }
}
