import { AbstractChat, type ChatInit, type UIMessage } from 'ai';
import { AgentChatState, type ChatStateChange } from './chat-state.js';

/**
 * The `ai` package's `AbstractChat` over an {@link AgentChatState}: the chat logic is the SDK's own,
 * the state is ours, so listening to it needs no private member of any library.
 */
export class AgentCoreChat<MESSAGE extends UIMessage> extends AbstractChat<MESSAGE> {
  readonly #state: AgentChatState<MESSAGE>;

  constructor({ messages, ...init }: ChatInit<MESSAGE>) {
    const state = new AgentChatState<MESSAGE>(messages);
    super({ ...init, state });
    this.#state = state;
  }

  /** Calls `listener` after every change of messages, status or error; returns how to stop. */
  subscribe(listener: (change: ChatStateChange) => void): () => void {
    return this.#state.subscribe(listener);
  }

  /** Reports an error that happened outside a request (e.g. a failed delete): status `error`. */
  fail(error: Error): void {
    this.setStatus({ status: 'error', error });
  }
}
