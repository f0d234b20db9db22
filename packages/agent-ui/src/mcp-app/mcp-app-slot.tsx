'use client';
import { lazyComponent } from '../lazy/lazy-component.js';
import type { McpAppSlotProps } from './mcp-app-slot-props.js';

export type { McpAppSlotProps } from './mcp-app-slot-props.js';

/** The space an app takes while its code and HTML load. */
function Placeholder() {
  return <div data-xagent-mcp-app="loading" style={{ minHeight: 120 }} />;
}

/**
 * The app of a tool call, from the MCP Apps plug-in's own chunk (only a page that passes the plug-in
 * has it); the MCP Apps host code (the bridge with its MCP client, ~150 KB gzip) is a further chunk
 * that the frame loads only when a message has an app.
 */
export const McpAppSlot = lazyComponent<McpAppSlotProps>(async () => (await import('./mcp-app-frame.js')).McpAppFrame, Placeholder);
