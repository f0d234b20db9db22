/**
 * `@x/agent-core/live`: live on every tab, as a separate import (`createAgentChat({ live: liveEvents })`,
 * `new ConversationsStore({ live: liveEvents })`). See `@x/agent-react`'s README, "Live on every tab".
 */
export { liveEvents } from './live-events.js';
export { subscribeLive, type LiveListener } from './live-connection.js';
export type { LiveEvents } from '../types.js';
