import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { MCP_APP_META_KEY, type McpAppCallResponse, type McpAppResource } from '@x/agent-protocol/mcp-apps';

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
  /** The app did not load (`failed`) or did not initialize in time (`noStart`). */
  onFailure: (kind: 'failed' | 'noStart') => void;
}

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
 * asked of the sandbox; messages and links go through the given confirmations.
 */
export function connectMcpApp(options: McpAppBridgeOptions): McpAppConnection {
  let initialized = false;
  let disposed = false;
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
  bridge.connect(new PostMessageTransport(options.frame, options.frame)).catch(() => {
    if (!disposed) options.onFailure('failed');
  });
  return {
    setHostContext: (context) => bridge.setHostContext(context),
    dispose: () => {
      disposed = true;
      clearTimeout(timer);
      const close = () => void bridge.close().catch(() => {});
      if (initialized) bridge.teardownResource({}, { timeout: 500 }).then(close, close);
      else close();
    },
  };
}
