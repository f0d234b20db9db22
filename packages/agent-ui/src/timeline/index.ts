export { AgentTimeline, type AgentTimelineProps } from './agent-timeline.js';
export type { AgentTimelineStrings } from './strings.js';
