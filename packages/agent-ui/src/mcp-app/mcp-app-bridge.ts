import { AppBridge, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { MCP_APP_META_KEY, type McpAppCallResponse, type McpAppResource } from '@x/agent-protocol/mcp-apps';
import { BudgetedPostMessageTransport } from './budgeted-transport.js';
import { createMessageBudget, DEFAULT_MESSAGE_BUDGET, type McpAppMessageBudget } from './message-budget.js';

// This module is the MCP Apps host code's own chunk: it imports the bridge and nothing of the page's
// first load (React, antd, the kit), so loading it never makes the bundler split the first load.

type CallToolResult = Awaited<ReturnType<NonNullable<AppBridge['oncalltool']>>>;
export type { McpUiHostContext };

/** What the frame component does for the app; the bridge speaks the protocol. */
export interface McpAppBridgeOptions {
  /** The sandbox proxy's window (the outer iframe's `contentWindow`). */
  frame: Window;
  resource: McpAppResource;
  hostContext: McpUiHostContext;
  /** The tool call's input and output (a `CallToolResult`), sent once the app initialized. */
  input: () => unknown;
  output: () => unknown;
  initTimeoutMs: number;
  callTool: (call: { name: string; arguments?: Record<string, unknown> | undefined }) => Promise<McpAppCallResponse>;
  /** The app asks to send `text` as the user's message: resolves whether it was sent (after the user confirmed). */
  sendMessage: (text: string) => Promise<boolean>;
  /** The app asks to open an http(s) link: resolves whether it was opened (after the user confirmed). */
  openLink: (url: string) => Promise<boolean>;
  onHeight: (height: number) => void;
  /** The app's message budget (defaults: `DEFAULT_MESSAGE_BUDGET`). */
  messageBudget?: McpAppMessageBudget | undefined;
  /**
   * The app did not load (`failed`), did not initialize in time (`noStart`), or posted more messages
   * than its budget for too long (`flooded`: the bridge is already closed; remove the frame).
   */
  onFailure: (kind: McpAppFailure) => void;
}

/** Why an app is not shown. */
export type McpAppFailure = 'failed' | 'noStart' | 'flooded';

/** A connected app: update its host context, or tear it down. */
export interface McpAppConnection {
  setHostContext: (context: McpUiHostContext) => void;
  dispose: () => void;
}

/** The tool result as the app receives it (`CallToolResult`, without the kit's reference to the app). */
export function resultForApp(output: unknown): CallToolResult {
  const { _meta, ...rest } = (typeof output === 'object' && output !== null ? output : {}) as { _meta?: Record<string, unknown>; content?: unknown };
  const meta = { ..._meta };
  delete meta[MCP_APP_META_KEY];
  return { ...rest, content: Array.isArray(rest.content) ? rest.content : [], ...(Object.keys(meta).length > 0 ? { _meta: meta } : {}) } as CallToolResult;
}

/** The text blocks of a `ui/message`, joined. */
export function messageText(content: readonly { type: string; text?: unknown }[]): string {
  return content
    .filter((block) => block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text as string)
    .join('\n')
    .trim();
}

/**
 * Connects `AppBridge` (ext-apps' host side, no client: the handlers go to the agent server) to the
 * sandbox proxy before it loads (it announces itself once, on load), hands it the app's HTML, and
 * once the app initialized sends the tool's input and result. Only `allow-scripts allow-forms` is
 * asked of the sandbox; messages and links go through the given confirmations. The app's messages
 * pass its message budget before the bridge sees them (budgeted-transport.ts): over budget they are
 * dropped, and an app that stays over budget is cut off (`onFailure('flooded')`).
 */
export function connectMcpApp(options: McpAppBridgeOptions): McpAppConnection {
  let initialized = false;
  let disposed = false;
  /** The app flooded: its bridge is closed already. */
  let cutOff = false;
  const bridge = new AppBridge(
    null,
    { name: 'x-agent-ui', version: '1.0.0' },
    { openLinks: {}, serverTools: {}, logging: {}, message: { text: {} } },
    { hostContext: options.hostContext },
  );
  bridge.oncalltool = async (params) => (await options.callTool({ name: params.name, arguments: params.arguments })) as CallToolResult;
  bridge.onmessage = async ({ content }) => {
    const text = messageText(content as { type: string; text?: unknown }[]);
    return text && (await options.sendMessage(text)) ? {} : { isError: true };
  };
  bridge.onopenlink = async ({ url }) => ((await options.openLink(url)) ? {} : { isError: true });
  bridge.onsizechange = ({ height }) => {
    if (typeof height === 'number' && Number.isFinite(height)) options.onHeight(height);
  };
  bridge.onrequestdisplaymode = async () => ({ mode: 'inline' });
  bridge.onloggingmessage = () => {};
  bridge.onsandboxready = () => {
    const { html, csp } = options.resource;
    void bridge.sendSandboxResourceReady({ html, sandbox: 'allow-scripts allow-forms', ...(csp ? { csp } : {}) });
  };
  bridge.oninitialized = () => {
    initialized = true;
    clearTimeout(timer);
    const args = options.input();
    const toolArguments = typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
    void bridge
      .sendToolInput({ arguments: toolArguments })
      .then(() => bridge.sendToolResult(resultForApp(options.output())))
      .catch(() => {});
  };
  const timer = setTimeout(() => {
    if (!initialized && !disposed) options.onFailure('noStart');
  }, options.initTimeoutMs);
  const budget = { ...DEFAULT_MESSAGE_BUDGET, ...options.messageBudget };
  const transport = new BudgetedPostMessageTransport({
    frame: options.frame,
    budget: createMessageBudget(budget),
    maxMessageSize: budget.maxMessageSize,
    onFlood: () => {
      if (disposed) return;
      disposed = true;
      cutOff = true;
      clearTimeout(timer);
      // No teardown handshake with an app that floods: the bridge closes, the host removes the frame.
      void bridge.close().catch(() => {});
      options.onFailure('flooded');
    },
  });
  bridge.connect(transport).catch(() => {
    if (!disposed) options.onFailure('failed');
  });
  return {
    setHostContext: (context) => bridge.setHostContext(context),
    dispose: () => {
      if (cutOff) return;
      disposed = true;
      clearTimeout(timer);
      const close = () => void bridge.close().catch(() => {});
      if (initialized) bridge.teardownResource({}, { timeout: 500 }).then(close, close);
      else close();
    },
  };
}
