'use client';
// `@x/agent-ui/timeline`: a run's activity as a waterfall (an admin view), in its own entry.
export { AgentTimeline, type AgentTimelineProps } from './agent-timeline.js';
export type { AgentTimelineStrings } from './strings.js';
