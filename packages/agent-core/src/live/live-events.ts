import { defineLive } from '../live-hooks.js';
import type { LiveEvents } from '../types.js';
import { followChat, takeConflict } from './follow-chat.js';
import { subscribeLive } from './live-connection.js';

/**
 * Live on every tab, for the `live` option of `useAgentChat` and `useConversations` (`AgentChat`
 * passes it unless its `chatOptions.live` is `false`). With a server that has a store, the hooks
 * follow the user's event stream (`GET {api}/events`, one connection per page and user, shared by
 * every hook): the conversation list updates as conversations are created, renamed, titled,
 * deleted or run elsewhere; a chat showing a conversation streams a turn another tab started (with
 * `resume`), reloads what another tab changed while it is idle, and queues a send while another
 * tab's turn runs. A server without a store answers 501: the hooks stop asking and work as before.
 * Like the rest of the chat's logic it is in the first load of a page that imports it (no on-demand
 * chunk: it behaves the same from the first event on).
 */
export const liveEvents: LiveEvents = /* @__PURE__ */ defineLive({ subscribe: subscribeLive, followChat, takeConflict });
