import type { UITools } from 'ai';
import type { ChatSession } from './chat-session.js';
import type { AgentUIMessage } from '@x/agent-protocol';
import type { SendQueue, UseAgentChatOptions } from './types.js';

type Message<TOOLS extends UITools> = AgentUIMessage<TOOLS>;

/**
 * What the send queue does at the chat's moments. The core calls these only when the chat was given
 * `queue` (`sendQueue` of `@x/agent-react/queue`), so an app without it carries none of that code:
 * without it a send while a reply streams is refused (`busy`) and the queue stays empty.
 */
export interface QueueHooks {
  /** A change of the chat (`queue`, `status`, …): keep the queue where it survives a reload, pause or go on. */
  follow<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>, change: string): void;
  /** Takes back a queue kept from before a reload (the server's, else this tab's sessionStorage), paused. */
  restore<TOOLS extends UITools>(session: ChatSession<TOOLS>, fromServer: Message<TOOLS>[] | undefined): void;
  /** "Send now": stops the reply in progress and sends queued message `id` first. */
  sendNow<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>, id: string): Promise<boolean>;
  /** The queue's own edits: each says whether something changed. */
  edit<TOOLS extends UITools>(session: ChatSession<TOOLS>, id: string, text: string): boolean;
  remove<TOOLS extends UITools>(session: ChatSession<TOOLS>, id: string): boolean;
  move<TOOLS extends UITools>(session: ChatSession<TOOLS>, id: string, delta: number): boolean;
  /** Runs the user's Stop with the queue held aside, then puts it back paused. */
  stopHolding<TOOLS extends UITools>(session: ChatSession<TOOLS>, stop: () => Promise<void>): Promise<void>;
}

const registered = new WeakMap<SendQueue, QueueHooks>();

/** Makes the `queue` option value of a set of hooks (the queue entry's `sendQueue`). */
export function defineQueue(hooks: QueueHooks): SendQueue {
  const value: SendQueue = Object.freeze({ kind: 'send-queue' as const });
  registered.set(value, hooks);
  return value;
}

/**
 * The hooks of the chat's `queue` option, if it has one. `queue: true` (the option's old form) is
 * refused with the new one named rather than read as "off": the app asked for a queue.
 */
export function queueOf(options: Pick<UseAgentChatOptions, 'queue'>): QueueHooks | undefined {
  const value: unknown = options.queue;
  if (value === true) throw new TypeError('useAgentChat: `queue: true` is not an option any more; pass `queue: sendQueue`, exported by @x/agent-react/queue.');
  return value ? registered.get(value as SendQueue) : undefined;
}
