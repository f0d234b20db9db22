import type { ChatState, ChatStatus, UIMessage } from 'ai';

/** What changed in a chat's state. */
export type ChatStateChange = 'messages' | 'status' | 'error' | 'queue';

function cloneMetadata(metadata: unknown): unknown {
  if (Array.isArray(metadata)) return [...metadata];
  if (metadata !== null && typeof metadata === 'object') {
    const proto = Object.getPrototypeOf(metadata) as unknown;
    if (proto === Object.prototype || proto === null) return { ...metadata };
  }
  return metadata;
}

/**
 * The `ChatState` the chat engine writes to (the `ai` package's interface): an immutable-array transcript (every
 * change is a new array; a replaced message is a shallow snapshot of the object the engine keeps
 * mutating) plus one public `subscribe` for changes. No framework: the store and the event tracker
 * listen here.
 */
export class AgentChatState<MESSAGE extends UIMessage> implements ChatState<MESSAGE> {
  #messages: MESSAGE[];
  #status: ChatStatus = 'ready';
  #error: Error | undefined = undefined;
  #queue: MESSAGE[] = [];
  readonly #listeners = new Set<(change: ChatStateChange) => void>();

  constructor(messages: MESSAGE[] = []) {
    this.#messages = messages;
  }

  get messages(): MESSAGE[] {
    return this.#messages;
  }

  set messages(messages: MESSAGE[]) {
    this.#messages = [...messages];
    this.#notify('messages');
  }

  get status(): ChatStatus {
    return this.#status;
  }

  set status(status: ChatStatus) {
    this.#status = status;
    this.#notify('status');
  }

  get error(): Error | undefined {
    return this.#error;
  }

  set error(error: Error | undefined) {
    this.#error = error;
    this.#notify('error');
  }

  /** The messages the engine's queue (`experimental_queue`) holds, in sending order (the engine sets a new array on every change). */
  get experimental_queuedMessages(): MESSAGE[] {
    return this.#queue;
  }

  set experimental_queuedMessages(queue: MESSAGE[]) {
    this.#queue = queue;
    this.#notify('queue');
  }

  pushMessage = (message: MESSAGE): void => {
    this.#messages = this.#messages.concat(message);
    this.#notify('messages');
  };

  popMessage = (): void => {
    this.#messages = this.#messages.slice(0, -1);
    this.#notify('messages');
  };

  replaceMessage = (index: number, message: MESSAGE): void => {
    this.#messages = [...this.#messages.slice(0, index), this.snapshot(message), ...this.#messages.slice(index + 1)];
    this.#notify('messages');
  };

  /** A shallow copy of a message (its parts and metadata too): the engine keeps mutating the original. */
  snapshot = <T>(value: T): T => {
    if (value === null || typeof value !== 'object' || !('parts' in value) || !Array.isArray(value.parts)) return value;
    // `as unknown as`: `T` is generic; the check above proved it is a message (an object with `parts`).
    const message = value as unknown as UIMessage;
    const copy: UIMessage = { ...message, parts: message.parts.map((part) => ({ ...part })) };
    if ('metadata' in message) copy.metadata = cloneMetadata(message.metadata);
    return copy as unknown as T;
  };

  /** Calls `listener` after every change; returns how to stop. */
  subscribe(listener: (change: ChatStateChange) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  #notify(change: ChatStateChange): void {
    this.#listeners.forEach((listener) => listener(change));
  }
}
