import { act, render, screen, waitFor } from '@testing-library/react';
import type { AgentUIMessage } from '@x/agent-protocol';
import { MCP_APP_META_KEY, MCP_APP_MIME_TYPE, type McpAppResource } from '@x/agent-protocol/mcp-apps';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MessageContextProvider, type MessageContextValue } from '../chat/message-context.js';
import { AgentUIProvider } from '../config.js';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { freshDocument } from '../test-utils/fresh-document.js';
import { noopHandlers } from '../test-utils/message-context.js';
import { AgentMessage } from '../transcript/agent-message.js';
import { messageText, resultForApp } from './mcp-app-bridge.js';
import type { McpAppsOptions } from './mcp-apps-options.js';
import { mcpApps } from '../plugins/mcp-apps.js';
import { PluginsContext, resolvePlugins } from '../plugins/plugins-context.js';

beforeAll(() => preloadOnDemand());

const ref = { server: 'time', resourceUri: 'ui://get-time/mcp-app.html', toolName: 'get-time' };
// `as unknown as AgentUIMessage`: a settled MCP tool part as the stream leaves it (dynamic tool, its output with the app).
const message = {
  id: 'a1',
  role: 'assistant',
  parts: [
    {
      type: 'dynamic-tool',
      toolName: 'get-time',
      toolCallId: 'call-1',
      state: 'output-available',
      input: {},
      output: { content: [{ type: 'text', text: '2026-11-25T16:00:00Z' }], _meta: { [MCP_APP_META_KEY]: ref } },
    },
  ],
} as unknown as AgentUIMessage;

const context: MessageContextValue = { display: {}, toolRenderers: undefined, dataRenderers: undefined, handlers: noopHandlers };
const resource: McpAppResource = { uri: ref.resourceUri, mimeType: MCP_APP_MIME_TYPE, html: '<!doctype html><p>app</p>' };

function view(options: McpAppsOptions | undefined, requests: string[] = [], styles?: 'static', into?: { doc: Document; container: HTMLElement }) {
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(`${String(input)} ${String(init?.body)}`);
    return String(input).endsWith('/resource')
      ? new Response(JSON.stringify(resource), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ error: { code: 'tool_denied', message: 'no' } }), { status: 403 });
  };
  // The MCP Apps plug-in, with the routes of agent `assistant` (as AgentChat's connection gives them).
  const plugins = resolvePlugins(options ? [mcpApps({ fetch, ...options })] : [], { agentId: 'assistant' });
  return render(
    <AgentUIProvider styles={styles}>
      <PluginsContext.Provider value={plugins}>
        <MessageContextProvider value={context}>
          <AgentMessage message={message} streaming={false} />
        </MessageContextProvider>
      </PluginsContext.Provider>
    </AgentUIProvider>,
    into ? { container: into.container, baseElement: into.doc.body } : undefined,
  );
}

describe('MCP Apps in the transcript', () => {
  it('without the mcpApps plug-in the tool shows as its card only: no app, no request', () => {
    const requests: string[] = [];
    const { container } = view(undefined, requests);
    expect(container.querySelector('[data-xagent-tool="get-time"]')).not.toBeNull();
    expect(container.querySelector('[data-xagent-mcp-app]')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('loads the app’s HTML from the resource route and frames the sandbox proxy (other origin) with the resource’s CSP in its URL', async () => {
    const requests: string[] = [];
    const { container } = view({ sandboxUrl: 'http://sandbox.test/api/agent/mcp-apps/sandbox' }, requests);
    const frame = await waitFor(() => {
      const element = container.querySelector<HTMLIFrameElement>('[data-xagent-mcp-app="ready"] iframe');
      expect(element).not.toBeNull();
      return element!;
    });
    expect(requests[0]).toBe(`/api/agent/assistant/mcp-apps/resource ${JSON.stringify({ server: 'time', uri: ref.resourceUri })}`);
    expect(frame.getAttribute('title')).toBe('App of get-time');
    expect(new URL(frame.src).origin).toBe('http://sandbox.test');
    expect(new URL(frame.src).searchParams.get('csp')).toBe('{}');
  });

  it('in the static styles mode its dialog\'s rules come with it (antd.css leaves them out): one <style> in the head', async () => {
    const into = freshDocument();
    const { container } = view({ sandboxUrl: 'http://sandbox.test/api/agent/mcp-apps/sandbox' }, [], 'static', into);
    await waitFor(() => expect(container.querySelector('[data-xagent-mcp-app="ready"] iframe')).not.toBeNull());
    const sheets = into.doc.head.querySelectorAll('style[data-href~="xagent-antd-mcp-apps"]');
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.textContent).toMatch(/(?:^|\n)\.ant-modal[ ,{.]/);
  });

  it('a sandbox on the page’s own origin is refused: a small error in place of the app, nothing loaded', async () => {
    const requests: string[] = [];
    view({ sandboxUrl: `${location.origin}/api/agent/mcp-apps/sandbox` }, requests);
    expect(await screen.findByText('This app could not be shown. The chat goes on without it.')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('an app that never initializes shows “did not start” in its place after initTimeoutMs', async () => {
    view({ sandboxUrl: 'http://sandbox.test/sandbox', initTimeoutMs: 50 });
    expect(await screen.findByText('This app did not start. The chat goes on without it.', undefined, { timeout: 5_000 })).toBeTruthy();
    // The tool's card stays.
    expect(document.querySelector('[data-xagent-tool="get-time"]')).not.toBeNull();
  });
});

describe('the bridge helpers', () => {
  it('the app receives the tool result without the kit’s reference to it', () => {
    const result = resultForApp({ content: [{ type: 'text', text: 'x' }], _meta: { [MCP_APP_META_KEY]: ref, other: 1 }, structuredContent: { a: 1 } });
    expect(result).toEqual({ content: [{ type: 'text', text: 'x' }], structuredContent: { a: 1 }, _meta: { other: 1 } });
    expect(resultForApp('text')).toEqual({ content: [] });
  });

  it('a ui/message becomes the text of its text blocks only', () => {
    expect(messageText([{ type: 'text', text: 'a' }, { type: 'image', text: 'ignored?' }, { type: 'text', text: 'b' }])).toBe('a\nb');
    expect(messageText([{ type: 'image' }])).toBe('');
  });
});

describe('an app’s message budget', () => {
  const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
  /** The app frame, once its bridge answers (a `ping` posted from the frame gets its response). */
  async function connectedFrame(container: HTMLElement) {
    const frame = await waitFor(() => {
      const element = container.querySelector<HTMLIFrameElement>('[data-xagent-mcp-app="ready"] iframe');
      expect(element?.contentWindow).toBeTruthy();
      return element!;
    });
    const source = frame.contentWindow!;
    const answers = vi.spyOn(source, 'postMessage').mockImplementation(() => {});
    await waitFor(() => {
      window.dispatchEvent(new MessageEvent('message', { data: ping(0), source }));
      expect(answers).toHaveBeenCalled();
    });
    answers.mockClear();
    return { frame, source, answers };
  }

  it('a flood from the app reaches the bridge only up to its budget, and an app that keeps flooding is removed with a notice', async () => {
    const budget = { perSecond: 100, burst: 20, floodMs: 400 };
    const { container } = view({ sandboxUrl: 'http://sandbox.test/sandbox', initTimeoutMs: 60_000, messageBudget: budget });
    const { source, answers } = await connectedFrame(container);
    // Another frame's messages are not the app's: ignored, never parsed.
    for (let i = 0; i < 100; i++) window.dispatchEvent(new MessageEvent('message', { data: ping(i), source: window }));
    // About 25,000 ordinary-looking requests a second, for longer than `floodMs`.
    const started = performance.now();
    let sent = 0;
    await act(async () => {
      while (performance.now() - started < budget.floodMs + 200) {
        for (let i = 0; i < 250; i++) window.dispatchEvent(new MessageEvent('message', { data: ping(++sent), source }));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    const elapsed = performance.now() - started;
    await waitFor(() => expect(answers.mock.calls.length).toBeGreaterThan(0));
    expect(sent).toBeGreaterThan(2_000);
    // The bridge answered at most the budget's worth (burst + rate × time), not the flood.
    expect(answers.mock.calls.length).toBeLessThanOrEqual(budget.burst + (budget.perSecond * elapsed) / 1_000 + 1);
    // The flood went on past `floodMs`: the app is gone, a notice stands in its place, the tool card stays.
    expect(await screen.findByText('This app was stopped because it sent too many messages. The chat goes on without it.')).toBeTruthy();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('[data-xagent-tool="get-time"]')).not.toBeNull();
    // Nothing more reaches the bridge.
    const after = answers.mock.calls.length;
    for (let i = 0; i < 100; i++) window.dispatchEvent(new MessageEvent('message', { data: ping(++sent), source }));
    expect(answers.mock.calls.length).toBe(after);
  });

  it('an app within its budget keeps its frame', async () => {
    const { container } = view({ sandboxUrl: 'http://sandbox.test/sandbox', initTimeoutMs: 60_000, messageBudget: { perSecond: 100, burst: 50, floodMs: 200 } });
    const { source, answers } = await connectedFrame(container);
    for (let i = 1; i <= 40; i++) window.dispatchEvent(new MessageEvent('message', { data: ping(i), source }));
    await waitFor(() => expect(answers).toHaveBeenCalledTimes(40));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(container.querySelector('[data-xagent-mcp-app="ready"] iframe')).not.toBeNull();
  });
});

