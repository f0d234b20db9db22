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

export const mcpAppEnUS: McpAppStrings = {
  title: (tool) => `App of ${tool}`,
  loading: 'Loading the app…',
  failed: 'This app could not be shown. The chat goes on without it.',
  noStart: 'This app did not start. The chat goes on without it.',
  flooded: 'This app was stopped because it sent too many messages. The chat goes on without it.',
  sendMessageTitle: 'The app wants to send this message for you',
  send: 'Send',
  openLinkTitle: 'The app wants to open this link',
  open: 'Open link',
  callToolTitle: (tool) => `The app wants to run ${tool}`,
  callToolInput: 'With this input:',
  callToolRejected: 'The user rejected this tool call.',
};

export const mcpAppZhCN: McpAppStrings = {
  title: (tool) => `${tool} 的应用`,
  loading: '正在加载应用…',
  failed: '无法显示此应用。对话可以继续。',
  noStart: '此应用未能启动。对话可以继续。',
  flooded: '此应用发送的消息过多，已被停止。对话可以继续。',
  sendMessageTitle: '该应用想代您发送这条消息',
  send: '发送',
  openLinkTitle: '该应用想打开此链接',
  open: '打开链接',
  callToolTitle: (tool) => `该应用想运行 ${tool}`,
  callToolInput: '输入如下：',
  callToolRejected: '用户拒绝了此工具调用。',
};
