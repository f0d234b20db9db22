import type { McpAppRef } from '@x/agent-protocol/mcp-apps';

/**
 * Props of the app of one tool call: of the lazy `McpAppSlot` and of the `McpAppFrame` it loads
 * (a module of its own, so the frame in the on-demand chunk does not import the lazy slot).
 */
export interface McpAppSlotProps {
  app: McpAppRef;
  toolCallId: string;
  input: unknown;
  output: unknown;
}
