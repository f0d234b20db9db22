'use client';
import type { McpAppRef } from '@x/agent-protocol';
import { lazyComponent } from '../lazy/lazy-component.js';

/** Props of the app of one tool call. */
export interface McpAppSlotProps {
  app: McpAppRef;
  toolCallId: string;
  input: unknown;
  output: unknown;
}

/** The space an app takes while its code and HTML load. */
function Placeholder() {
  return <div data-xagent-mcp-app="loading" style={{ minHeight: 120 }} />;
}

/**
 * The app of a tool call. Its host code (~150 KB gzip: the MCP Apps bridge with its MCP client and
 * zod) is a chunk of its own, loaded only when a message has an app.
 */
export const McpAppSlot = lazyComponent<McpAppSlotProps>(async () => (await import('./mcp-app-frame.js')).McpAppFrame, Placeholder);
