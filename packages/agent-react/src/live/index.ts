'use client';
/**
 * `@x/agent-react/live`: live on every tab, as a separate import (`useAgentChat({ live: liveEvents })`,
 * `useConversations({ live: liveEvents })`). See the package README, "Live on every tab".
 */
export { liveEvents } from './live-events.js';
export { subscribeLive, type LiveListener } from './live-connection.js';
export type { LiveEvents } from '../core/types.js';
