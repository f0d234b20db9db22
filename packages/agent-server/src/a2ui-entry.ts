/**
 * `@x/agent-server/a2ui`: a tool's answer as an A2UI surface — `a2uiSurface(input)` (the tool
 * output the chat renders as a surface), `a2uiSurfacePart` (the same as a data part a hook adds) and
 * `a2uiMessages` (the A2UI messages that build it).
 */
export { a2uiMessages, a2uiSurface, a2uiSurfacePart, type A2UISurfaceInput } from './a2ui/a2ui-surface.js';
