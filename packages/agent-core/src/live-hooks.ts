import type { LiveEvent } from '@x/agent-protocol/routes';
import type { UITools } from 'ai';
import type { ChatSession } from './chat-session.js';
import type { ConnectionOptions } from './endpoints.js';
import type { LiveEvents, UseAgentChatOptions } from './types.js';

/**
 * What following the user's live event stream does (`@x/agent-react/live`). The core calls these
 * only when a hook was given `live` (`liveEvents` of that entry), so an app without it carries none
 * of that code.
 */
export interface LiveHooks {
  /**
   * Hands every event of the user's stream on this connection to `listener` (one stream per page,
   * server and user, shared by every subscriber). Returns how to stop.
   */
  subscribe(connection: ConnectionOptions, listener: (event: LiveEvent) => void): () => void;
  /** A view starts showing the session: follow what other tabs do in its conversation. Returns the cleanup. */
  followChat<TOOLS extends UITools>(options: () => UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>): () => void;
  /** The chat's `onError`: true when a send refused for a turn running elsewhere (409) waits in the queue instead. */
  takeConflict<TOOLS extends UITools>(options: () => UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>, error: Error): boolean;
}

const registered = new WeakMap<LiveEvents, LiveHooks>();

/** Makes the `live` option value of a set of hooks (the live entry's `liveEvents`). */
export function defineLive(hooks: LiveHooks): LiveEvents {
  const value: LiveEvents = Object.freeze({ kind: 'live-events' as const });
  registered.set(value, hooks);
  return value;
}

/** The hooks of a `live` option, if it has one. */
export function liveOf(live: LiveEvents | false | undefined): LiveHooks | undefined {
  return live ? registered.get(live) : undefined;
}
