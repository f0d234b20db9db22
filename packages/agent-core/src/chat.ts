import type { UIMessage } from 'ai';
import { AgentChatState, type ChatStateChange } from './chat-state.js';
import { ChatEngine, type ChatEngineInit } from './engine/chat-engine.js';

/** What an {@link AgentCoreChat} is made with: the engine's options and the first messages. */
export type AgentCoreChatInit<MESSAGE extends UIMessage> = Omit<ChatEngineInit<MESSAGE>, 'state'> & { messages?: MESSAGE[] };

/**
 * The chat engine (the `ai` package's `AbstractChat` behaviour, none of its runtime) over an
 * {@link AgentChatState}: listening to it needs no private member of any library.
 */
export class AgentCoreChat<MESSAGE extends UIMessage> extends ChatEngine<MESSAGE> {
  readonly #state: AgentChatState<MESSAGE>;

  constructor({ messages, ...init }: AgentCoreChatInit<MESSAGE>) {
    const state = new AgentChatState<MESSAGE>(messages);
    super({ ...init, state });
    this.#state = state;
  }

  /**
   * Replaces the queued messages (an edit, a reorder, a queue restored after a reload). The engine's
   * queue reads the same list: what is here is what it sends next.
   */
  setQueue(queue: MESSAGE[]): void {
    this.#state.experimental_queuedMessages = queue;
  }

  /** Calls `listener` after every change of messages, status, error or queue; returns how to stop. */
  subscribe(listener: (change: ChatStateChange) => void): () => void {
    return this.#state.subscribe(listener);
  }

  /**
   * Shows the chat as waiting for a reply while no request runs (a run being re-attached after a
   * dropped connection): status `submitted`, no error.
   */
  waitForRun(): void {
    this.setStatus({ status: 'submitted', error: undefined });
  }

  /** Back to `ready` without an error (a re-attach that was given up, or a stop while waiting). */
  settle(): void {
    this.setStatus({ status: 'ready', error: undefined });
  }

  /** Reports an error that happened outside a request (e.g. a failed delete): status `error`. */
  fail(error: Error): void {
    this.setStatus({ status: 'error', error });
  }
}
