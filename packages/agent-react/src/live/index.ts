'use client';
/**
 * `@x/agent-react/live`: live on every tab, as a separate import (`useAgentChat({ live: liveEvents })`,
 * `useConversations({ live: liveEvents })`). See the package README, "Live on every tab". The same
 * exports as `@x/agent-core/live`.
 */
export { liveEvents, subscribeLive, type LiveEvents, type LiveListener } from '@x/agent-core/live';
