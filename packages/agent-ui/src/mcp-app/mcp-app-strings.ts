/** The texts of MCP Apps in the chat (`AgentUIStrings['mcpApp']`). */
export interface McpAppStrings {
  /** The app frame's accessible name. */
  title: (tool: string) => string;
  loading: string;
  /** The app could not be loaded (its HTML, the sandbox). */
  failed: string;
  /** The app did not start in time or stopped answering. */
  noStart: string;
  /** The app was removed: it posted more messages than its budget for too long. */
  flooded: string;
  /** Confirm dialog: the app asks to send a message as the user. */
  sendMessageTitle: string;
  send: string;
  /** Confirm dialog: the app asks to open a link. */
  openLinkTitle: string;
  open: string;
  /** Confirm dialog: the app asks to run a tool that needs the user's approval (buttons: `approve`, `reject`). */
  callToolTitle: (tool: string) => string;
  /** Above the tool's input in that dialog. */
  callToolInput: string;
  /** What the app is told when the user rejected its call (a tool error). */
  callToolRejected: string;
}
