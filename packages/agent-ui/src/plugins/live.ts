import { liveEvents } from '@x/agent-react/live';
import type { AgentChatPlugin } from './plugin.js';

const LIVE: AgentChatPlugin = { name: 'live', chatOptions: { live: liveEvents } };

/**
 * Live on every tab and device (README "Plug-ins"; `useAgentChat`'s `live: liveEvents`): a reply
 * started elsewhere streams here too (with `resume()`), and what another tab changed — a reply
 * ended, a message deleted, a branch switched, an approval answered — shows here. Needs a server
 * that owns the history.
 */
export function live(): AgentChatPlugin {
  return LIVE;
}
