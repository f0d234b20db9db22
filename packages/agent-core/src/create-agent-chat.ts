import type { AgentUIMessage } from '@x/agent-protocol';
import type { UITools } from 'ai';
import type { AgentChatSnapshot } from './chat-store.js';
import { AgentChatController } from './controller.js';
import type { UseAgentChatOptions, UseAgentChatResult } from './types.js';

/** A chat with one agent, without React: what `createAgentChat` returns. */
export interface AgentChatClient<TOOLS extends UITools = UITools> {
  /**
   * The chat: the same object `useAgentChat` returns (`sendMessage`, `stop`, `messages`, `status`,
   * `addToolOutput`, …), for the conversation of the options.
   */
  readonly chat: UseAgentChatResult<TOOLS>;
  /** The latest published state: transcript, status, error, history (stable between publishes). */
  getSnapshot(): AgentChatSnapshot<AgentUIMessage<TOOLS>>;
  /** Calls `listener` after each publish (coalesced per animation frame, or per `throttle`); returns how to stop. */
  subscribe(listener: () => void): () => void;
  /** Replaces the options (callbacks, headers, …): every send reads the latest ones. */
  setOptions(options: UseAgentChatOptions<TOOLS>): void;
  /** Stops showing the chat: its reply is stopped (as on unmount) and no event fires any more. */
  dispose(): void;
}

/**
 * A chat with one agent of an `@x/agent-server` route, with no framework: the core `useAgentChat`
 * is built on. Takes the hook's options; the chat is live at once (events fire, a server history
 * loads) until `dispose()`.
 */
export function createAgentChat<TOOLS extends UITools = UITools>(options: UseAgentChatOptions<TOOLS>): AgentChatClient<TOOLS> {
  const controller = new AgentChatController<TOOLS>(options);
  const session = controller.open(options);
  const detach = controller.attach(session);
  let disposed = false;
  return {
    chat: session.handle,
    getSnapshot: () => session.store.getSnapshot(),
    subscribe: (listener) => session.store.subscribe(listener),
    setOptions: (next) => controller.setOptions(next),
    dispose: () => {
      if (disposed) return;
      disposed = true;
      detach('unmount');
    },
  };
}
