'use client';
// `@x/agent-ui/inspector`: the wire inspector and recorder (development), in its own entry.
export { AgentInspector, eventSummary, type AgentInspectorProps } from './agent-inspector.js';
export type { AgentInspectorStrings } from './inspector-strings.js';
export { runToFixture } from './run-fixture.js';
export { createInspector, type InspectedEvent, type InspectedRun, type Inspector } from './wire-recorder.js';
