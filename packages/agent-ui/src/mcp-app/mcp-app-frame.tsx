'use client';
import type { McpAppResource } from '@x/agent-protocol/mcp-apps';
import { Alert, Modal, theme, Typography } from 'antd';
import { useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useAnnounce } from '../a11y/announcer.js';
import { ChatContext } from '../chat/chat-context.js';
import { useAgentUIConfig } from '../config.js';
import { safeHttpUrl } from '../markdown/safe-url.js';
import { AntdRules } from '../styles/antd-rules.js';
import { MCP_APP_ANTD_RULES } from './mcp-app-antd-rules.js';
import { hostStyleVariables, isDarkTheme } from './host-styles.js';
import type { McpAppConnection, McpAppFailure, McpUiHostContext } from './mcp-app-bridge.js';
import { callAppTool, fetchAppResource } from './mcp-app-requests.js';
import { confirmAppToolCall } from './mcp-app-tool-approval.js';
import type { McpAppSlotProps } from './mcp-app-slot-props.js';
import { McpAppsContext } from './mcp-apps-options.js';

/** Default time the app has to send `ui/initialize`. */
export const MCP_APP_INIT_TIMEOUT_MS = 10_000;
const MIN_HEIGHT = 40;
const MAX_HEIGHT = 2_000;

/** The sandbox proxy's URL for a resource: its CSP travels in the query (the proxy's server sets it as a header). */
export function sandboxSource(sandboxUrl: string, resource: Pick<McpAppResource, 'csp'>): string {
  const url = new URL(sandboxUrl, globalThis.location?.href);
  url.searchParams.set('csp', JSON.stringify(resource.csp ?? {}));
  return url.toString();
}

/** Whether the proxy is on the page's own origin (then the app's frame could reach the page: refused). */
export function sameOriginSandbox(sandboxUrl: string): boolean {
  try {
    return new URL(sandboxUrl, globalThis.location?.href).origin === globalThis.location?.origin;
  } catch {
    return true;
  }
}

/**
 * An MCP App in a sandboxed double iframe: the outer frame is the sandbox proxy on another origin,
 * the inner one (made by the proxy) holds the app's HTML with `sandbox="allow-scripts allow-forms"`
 * — no `allow-same-origin`, so no access to this page, its cookies or storage — under the resource's
 * CSP. `AppBridge` of `@modelcontextprotocol/ext-apps` (mcp-app-bridge.ts, its own chunk) speaks the
 * protocol: host context (theme, the antd tokens as the spec's style variables, locale, inline
 * display), the tool's input and result, size changes, the app's tool calls (through the agent
 * server; one that needs the user's approval is asked of them first) and a teardown on unmount. A message from the app is sent as the user's only after they
 * confirm it; a link opens only after they do. An app that fails to load or does not start in time
 * shows a small error in its place; so does an app that posts more messages than its budget for too
 * long (its frame is removed: "stopped because it sent too many messages").
 */
export function McpAppFrame({ app, input, output }: McpAppSlotProps) {
  const options = useContext(McpAppsContext);
  const chat = useContext(ChatContext);
  const { strings } = useAgentUIConfig();
  const { token } = theme.useToken();
  const [modal, contextHolder] = Modal.useModal();
  const [resource, setResource] = useState<McpAppResource>();
  const [failure, setFailure] = useState<McpAppFailure>();
  const [height, setHeight] = useState(120);
  const iframeRef = useRef<HTMLIFrameElement>(null);
  const connection = useRef<McpAppConnection | undefined>(undefined);
  const dark = isDarkTheme(token);
  const hostContext = useMemo<McpUiHostContext>(
    () => ({
      theme: dark ? 'dark' : 'light',
      styles: { variables: hostStyleVariables(token) },
      displayMode: 'inline',
      availableDisplayModes: ['inline'],
      locale: globalThis.document?.documentElement.lang || globalThis.navigator?.language || 'en',
      platform: 'web',
    }),
    [dark, token],
  );
  // The handlers read the latest values without reconnecting the app.
  const announce = useAnnounce();
  const latest = useRef({ app, input, output, hostContext, strings, modal, chat, options, announce });
  useLayoutEffect(() => {
    latest.current = { app, input, output, hostContext, strings, modal, chat, options, announce };
  });
  const sameOrigin = options ? sameOriginSandbox(options.sandboxUrl) : true;

  useEffect(() => {
    if (!options || sameOrigin) return;
    const controller = new AbortController();
    // The bridge's chunk loads with the HTML: it is there before the proxy page announces itself.
    Promise.all([fetchAppResource(options, app, chat?.chat.conversationId, controller.signal), import('./mcp-app-bridge.js')]).then(([loaded]) => setResource(loaded), () => {
      if (!controller.signal.aborted) setFailure('failed');
    });
    return () => controller.abort();
    // The app is loaded once per server and resource; the chat's options are read when it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [app.server, app.resourceUri, sameOrigin]);

  useEffect(() => {
    const frame = iframeRef.current?.contentWindow;
    const current = latest.current;
    const routes = current.options;
    if (!resource || !frame || !routes) return;
    const shown = current.app;
    let disposed = false;
    let connected: McpAppConnection | undefined;
    const confirm = (title: string, body: string, okText: string) =>
      latest.current.modal.confirm({
        title,
        content: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 240, overflow: 'auto' }}>{body}</Typography.Paragraph>,
        okText,
        cancelText: latest.current.strings.cancel,
      });
    // The bridge module loads while the proxy page does; it is connected before the page announces itself.
    import('./mcp-app-bridge.js').then(
      ({ connectMcpApp }) => {
        if (disposed) return;
        connected = connectMcpApp({
          frame,
          resource,
          hostContext: latest.current.hostContext,
          input: () => latest.current.input,
          output: () => latest.current.output,
          initTimeoutMs: routes.initTimeoutMs ?? MCP_APP_INIT_TIMEOUT_MS,
          callTool: (call) =>
            callAppTool(routes, shown, latest.current.chat?.chat.conversationId, call, {
              confirm: (approval) => {
                latest.current.announce(latest.current.strings.mcpApp.callToolTitle(approval.name));
                return confirmAppToolCall(latest.current.modal, latest.current.strings, approval);
              },
              rejectedText: latest.current.strings.mcpApp.callToolRejected,
            }),
          sendMessage: async (text) => {
            const send = latest.current.chat?.send;
            const { mcpApp } = latest.current.strings;
            return !!send && (await confirm(mcpApp.sendMessageTitle, text, mcpApp.send)) && (await send({ text }));
          },
          openLink: async (url) => {
            const safe = safeHttpUrl(url);
            const { mcpApp } = latest.current.strings;
            if (!safe || !(await confirm(mcpApp.openLinkTitle, safe, mcpApp.open))) return false;
            globalThis.open(safe, '_blank', 'noopener,noreferrer');
            return true;
          },
          onHeight: (next) => setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(next)))),
          messageBudget: routes.messageBudget,
          onFailure: setFailure,
        });
        connection.current = connected;
      },
      () => {
        if (!disposed) setFailure('failed');
      },
    );
    return () => {
      disposed = true;
      connection.current = undefined;
      connected?.dispose();
    };
    // One bridge per loaded resource (a new `app` object with the same fields must not reconnect it).
  }, [resource]);

  useEffect(() => {
    connection.current?.setHostContext(hostContext);
  }, [hostContext]);

  if (!options) return null;
  if (failure || sameOrigin) {
    return (
      <div data-xagent-mcp-app="error" data-xagent-mcp-app-tool={app.toolName} style={{ marginBlock: 4 }}>
        <Alert type="warning" showIcon title={failure === 'noStart' ? strings.mcpApp.noStart : failure === 'flooded' ? strings.mcpApp.flooded : strings.mcpApp.failed} />
      </div>
    );
  }
  return (
    <div
      data-xagent-mcp-app={resource ? 'ready' : 'loading'}
      data-xagent-mcp-app-tool={app.toolName}
      style={{
        marginBlock: 4,
        borderRadius: token.borderRadiusLG,
        overflow: 'hidden',
        border: resource?.prefersBorder === false ? undefined : `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
      }}
    >
      <AntdRules href="xagent-antd-mcp-apps" rules={MCP_APP_ANTD_RULES} />
      {contextHolder}
      {resource ? (
        <iframe
          ref={iframeRef}
          src={sandboxSource(options.sandboxUrl, resource)}
          title={strings.mcpApp.title(app.toolName)}
          sandbox="allow-scripts allow-same-origin allow-forms"
          allow=""
          referrerPolicy="no-referrer"
          style={{ display: 'block', width: '100%', height, border: 0, colorScheme: dark ? 'dark' : 'light' }}
        />
      ) : (
        <div role="status" style={{ minHeight: 120, padding: 12, color: token.colorTextSecondary }}>
          {strings.mcpApp.loading}
        </div>
      )}
    </div>
  );
}
