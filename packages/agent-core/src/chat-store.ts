import type { MessageBranch } from '@x/agent-protocol/routes';
import type { ChatStatus, UIMessage } from 'ai';
import type { AgentCoreChat } from './chat.js';
import { isThrottled, scheduleFlush, type CancelScheduled, type ThrottleSetting } from './frame-scheduler.js';
import { SnapshotStore } from './snapshot-store.js';
import { shareMessages } from './structural-sharing.js';

/** What a chat shows at one moment. A new object whenever one of its fields changes. */
export interface AgentChatSnapshot<MESSAGE extends UIMessage = UIMessage> {
  /**
   * The transcript, structurally shared with the previous snapshot, so views can `memo` on identity:
   *
   * - a message keeps its object (`===` the previous snapshot's) while nothing in it changed — while a
   *   reply streams, only the streaming message is a new object;
   * - inside a changed message, every part that did not change keeps its object: a part is reused when
   *   it has the same keys with `===` values (`state`, `input`, `output`, `text`, …) as the part at
   *   the same position before. A streamed text token gives the text part a new object and leaves
   *   settled tool parts `===` their previous objects; a tool part whose state or output changes gets a
   *   new object. Compare parts by identity (`prev.part === next.part`) to skip re-rendering them;
   * - `parts` and `metadata` keep their identity when all of their entries did;
   * - the work per publish is one identity pass over the messages plus shallow comparisons of the
   *   parts of the messages whose objects changed (the streaming one), independent of the other
   *   messages' contents.
   *
   * The objects are the chat's, earlier snapshots', or copies (a message that appears while a reply
   * streams, and a new last message, are published as copies: the AI SDK keeps mutating the object it
   * pushes). Treat them as immutable; they may differ in identity from `chat.chat.messages`.
   */
  readonly messages: readonly MESSAGE[];
  readonly status: ChatStatus;
  readonly error: Error | undefined;
  /** Where the transcript came from: `loading` while the server's history is fetched, then `ready`. */
  readonly historyStatus: HistoryStatus;
  /** True when the server holds older messages than the first one shown (`loadOlder`). */
  readonly hasOlder: boolean;
  /** `reconnecting` while a dropped connection to a running reply is being re-attached. */
  readonly connection: ConnectionState;
  /** The versions of shown messages that have siblings (server history), by message id. */
  readonly branches: MessageBranches;
  /** The user messages sent while a reply streamed, waiting to be sent in this order (`useAgentChat`'s `queue`). */
  readonly queue: readonly MESSAGE[];
  /**
   * True while the queue waits for the user instead of going on by itself: the reply failed or was
   * stopped, or the queue was restored after a reload. Sending (or "Send now") resumes it.
   */
  readonly queuePaused: boolean;
  /** Why the queue is paused (`undefined` while it is not): see {@link QueuePausedReason}. */
  readonly queuePausedReason: QueuePausedReason | undefined;
}

/**
 * Why a queue waits for the user: `failed` (the reply ended with an error), `stopped` (the user
 * stopped it) or `restored` (the queue came back after a reload; the reply before it may have
 * finished normally).
 */
export type QueuePausedReason = 'failed' | 'stopped' | 'restored';

/** The versions of messages that have siblings, by message id (a new object on every change). */
export type MessageBranches = Readonly<Record<string, MessageBranch>>;

/** No message has siblings. */
export const NO_BRANCHES: MessageBranches = Object.freeze({});

/**
 * The connection to the reply in progress: `online`, or `reconnecting` after the connection dropped
 * mid-reply while the server keeps running it (a server with a store): the chat re-attaches by
 * itself when the browser is back online, retrying with a capped backoff.
 */
export type ConnectionState = 'online' | 'reconnecting';

/** `loading` while a conversation's history is fetched from the server; `ready` otherwise. */
export type HistoryStatus = 'loading' | 'ready';

/** The part of a snapshot that is not the chat's own state. */
export interface HistoryInfo {
  historyStatus: HistoryStatus;
  hasOlder: boolean;
  connection: ConnectionState;
  branches: MessageBranches;
  queuePaused: boolean;
  queuePausedReason: QueuePausedReason | undefined;
}

/**
 * A chat's store as its readers see it (selectors, `useSyncExternalStore`, code outside React): a
 * snapshot that changes only when something changed, and subscriptions to it or to one message.
 */
export interface AgentChatStore<MESSAGE extends UIMessage = UIMessage> {
  /** `useSyncExternalStore` subscribe: `listener` runs after each publish. */
  subscribe(listener: () => void): () => void;
  /** The latest published snapshot (a new object only when something changed). */
  getSnapshot(): AgentChatSnapshot<MESSAGE>;
  /** One message of the published snapshot, by id. */
  getMessage(id: string): MESSAGE | undefined;
  /** `listener` runs after a publish that changed that message. */
  subscribeMessage(id: string, listener: () => void): () => void;
  /** Publishes pending streamed updates now. */
  flush(): void;
  /** How many snapshots were published so far (tests and benchmarks count re-renders against it). */
  readonly publishCount: number;
}

/**
 * An external store over one chat (`AgentCoreChat`) for `useSyncExternalStore`: it coalesces streaming
 * message updates (one publish per animation frame by default) and publishes status and error
 * changes at once, flushing pending messages first so no token is lost. It listens to the chat only
 * while it has subscribers, and cancels any scheduled frame when the last one leaves.
 */
export class ChatStore<MESSAGE extends UIMessage = UIMessage> extends SnapshotStore<AgentChatSnapshot<MESSAGE>> implements AgentChatStore<MESSAGE> {
  readonly chat: AgentCoreChat<MESSAGE>;
  private disconnectChat: (() => void) | undefined;
  private cancelFlush: CancelScheduled | undefined;
  private readonly messageListeners = new Map<string, Set<() => void>>();
  private consumers = 0;
  private idIndex = new Map<string, number>();
  private indexedFor: readonly MESSAGE[] | undefined;
  private publishes = 0;
  /** The chat's messages array the published one was made from (position by position). */
  private source: readonly MESSAGE[];

  private history: HistoryInfo = { historyStatus: 'ready', hasOlder: false, connection: 'online', branches: NO_BRANCHES, queuePaused: false, queuePausedReason: undefined };

  constructor(
    chat: AgentCoreChat<MESSAGE>,
    private throttle: ThrottleSetting = 'frame',
  ) {
    super({ messages: chat.messages, status: chat.status, error: chat.error, queue: chat.experimental_queuedMessages, historyStatus: 'ready', hasOlder: false, connection: 'online', branches: NO_BRANCHES, queuePaused: false, queuePausedReason: undefined });
    this.chat = chat;
    this.source = chat.messages;
  }

  /** Sets where the transcript stands with the server's history; publishes at once. */
  setHistory(history: Partial<HistoryInfo>): void {
    const next = { ...this.history, ...history };
    if (sameHistoryInfo(next, this.history)) return;
    this.history = next;
    this.flush();
  }

  /** Changes the throttle for later updates. */
  setThrottle(throttle: ThrottleSetting): void {
    this.throttle = throttle;
  }

  /** A listener also keeps the store connected to the chat (see `retain`). */
  protected override addListener(listener: () => void): () => void {
    const unlisten = super.addListener(listener);
    const release = this.retain();
    return () => {
      unlisten();
      release();
    };
  }

  /** Counts a consumer: the chat is listened to while there is at least one. */
  private retain(): () => void {
    if (++this.consumers === 1) this.connect();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.consumers === 0) this.disconnect();
    };
  }

  /** The last published snapshot (stable between publishes); read from the chat while nothing listens. */
  protected override readSnapshot(): AgentChatSnapshot<MESSAGE> {
    if (!this.disconnectChat) this.take();
    return this.current;
  }

  /**
   * Like `subscribe`, but `listener` runs only when the message with this id changes (or appears or
   * goes): while a reply streams, only the streaming message's subscribers are called, so the work
   * per published frame does not grow with the number of rendered rows.
   */
  subscribeMessage = (id: string, listener: () => void): (() => void) => {
    let set = this.messageListeners.get(id);
    if (!set) this.messageListeners.set(id, (set = new Set()));
    set.add(listener);
    const release = this.retain();
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.messageListeners.get(id) === set) this.messageListeners.delete(id);
      release();
    };
  };

  /**
   * The message with this id in the current snapshot. O(1): the id → position index is rebuilt only
   * when messages are added, removed or moved, not while a reply streams.
   */
  getMessage(id: string): MESSAGE | undefined {
    const messages = this.getSnapshot().messages;
    const at = this.idIndex.get(id);
    if (at !== undefined && messages[at]?.id === id) return messages[at];
    if (this.indexedFor === messages) return undefined;
    this.indexedFor = messages;
    this.idIndex = new Map(messages.map((m, i) => [m.id, i]));
    const found = this.idIndex.get(id);
    return found === undefined ? undefined : messages[found];
  }

  /** How many snapshots were published so far (for benchmarks and tests). */
  get publishCount(): number {
    return this.publishes;
  }

  /** Publishes pending changes now (e.g. before reading the transcript outside React). */
  flush = (): void => {
    this.cancelFlush?.();
    this.cancelFlush = undefined;
    const previous = this.current.messages;
    if (!this.take()) return;
    this.notify();
    if (this.messageListeners.size > 0 && previous !== this.current.messages) this.notifyChangedMessages(previous, this.current.messages);
  };

  /** Calls the per-message listeners of messages whose object changed, appeared or went. */
  private notifyChangedMessages(previous: readonly MESSAGE[], next: readonly MESSAGE[]): void {
    const changed = new Set<string>();
    const length = Math.max(previous.length, next.length);
    for (let i = 0; i < length; i++) {
      const before = previous[i];
      const after = next[i];
      if (before === after) continue;
      if (before) changed.add(before.id);
      if (after) changed.add(after.id);
    }
    for (const id of changed) this.messageListeners.get(id)?.forEach((listener) => listener());
  }

  private connect(): void {
    this.disconnectChat = this.chat.subscribe((change) => (change === 'messages' ? this.onMessages() : this.flush()));
    this.take();
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
  private take(): boolean {
    const { messages: source, status, error, experimental_queuedMessages: queue } = this.chat;
    const current = this.current;
    const { historyStatus, hasOlder, connection, branches, queuePaused, queuePausedReason } = this.history;
    const sameHistory = sameHistoryInfo(current, this.history) && current.queue === queue;
    if (this.source === source && current.status === status && current.error === error && sameHistory) return false;
    const messages = this.source === source ? current.messages : shareMessages(this.source, current.messages, source, status === 'submitted' || status === 'streaming');
    this.source = source;
    if (current.messages === messages && current.status === status && current.error === error && sameHistory) return false;
    this.current = { messages, status, error, historyStatus, hasOlder, connection, branches, queue, queuePaused, queuePausedReason };
    this.publishes++;
    return true;
  }
}

function sameHistoryInfo(a: HistoryInfo, b: HistoryInfo): boolean {
  return (
    a.historyStatus === b.historyStatus && a.hasOlder === b.hasOlder && a.connection === b.connection && a.branches === b.branches && a.queuePaused === b.queuePaused && a.queuePausedReason === b.queuePausedReason
  );
}
