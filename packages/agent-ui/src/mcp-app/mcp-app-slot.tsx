'use client';
import { lazyComponent } from '../lazy/lazy-component.js';
import { loadOnDemand } from '../lazy/load-on-demand.js';
import type { McpAppSlotProps } from './mcp-app-slot-props.js';

export type { McpAppSlotProps } from './mcp-app-slot-props.js';

/** The space an app takes while its code and HTML load. */
function Placeholder() {
  return <div data-xagent-mcp-app="loading" style={{ minHeight: 120 }} />;
}

/**
 * The app of a tool call, from the on-demand chunk (the tool card above it needs that chunk anyway);
 * the MCP Apps host code (the bridge with its MCP client, ~150 KB gzip) is a chunk of its own that
 * the frame loads only when a message has an app.
 */
export const McpAppSlot = lazyComponent<McpAppSlotProps>(async () => (await loadOnDemand()).McpAppFrame, Placeholder);
