import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AgentUIMessage } from '@x/agent-protocol';
import { MCP_APP_META_KEY, MCP_APP_MIME_TYPE } from '@x/agent-protocol/mcp-apps';
import { AgentChat } from '@x/agent-ui';
import { mcpApps } from '@x/agent-ui/plugins/mcp-apps';
import { expect, waitFor, within } from 'storybook/test';
import { scenarioHandlers } from './support/scenario-server.js';
import { chatMounted } from './support/chat-actions.js';

// A stand-in sandbox proxy (a `data:` page: an opaque origin, never the page's) whose "app" floods the
// host once the bridge answers: 250 ordinary JSON-RPC pings every 10 ms (~25,000 a second) for 6 s.
const FLOODING_PROXY = `data:text/html,${encodeURIComponent(`<!doctype html><script>
let started = false;
addEventListener('message', (event) => {
  if (started || !event.data || event.data.method !== 'ui/notifications/sandbox-resource-ready') return;
  started = true;
  let id = 0;
  const end = performance.now() + 6000;
  const tick = () => {
    for (let i = 0; i < 250; i++) parent.postMessage({ jsonrpc: '2.0', id: ++id, method: 'ping' }, '*');
    if (performance.now() < end) setTimeout(tick, 10);
  };
  tick();
});
// Announced until the host answers, as the real proxy does.
const announce = () => {
  if (started) return;
  parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, '*');
  setTimeout(announce, 250);
};
announce();
</script>`)}`;

const app = { server: 'flood', resourceUri: 'ui://flood/app.html', toolName: 'flood' };
const messages = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Show the app' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'dynamic-tool', toolName: 'flood', toolCallId: 'call-1', state: 'output-available', input: {}, output: { content: [], _meta: { [MCP_APP_META_KEY]: app } } },
      { type: 'text', text: 'Here it is.' },
    ],
  },
] as unknown as AgentUIMessage[];

const resourceFetch: typeof fetch = async () =>
  new Response(JSON.stringify({ uri: app.resourceUri, mimeType: MCP_APP_MIME_TYPE, html: '<!doctype html><p>app</p>' }), { headers: { 'content-type': 'application/json' } });

const meta = {
  title: 'MCP Apps/Message flood',
  component: AgentChat,
  args: { agentId: 'plain-text', height: 520, messages, plugins: [mcpApps({ sandboxUrl: FLOODING_PROXY, fetch: resourceFetch })] },
  parameters: { msw: { handlers: scenarioHandlers } },
} satisfies Meta<typeof AgentChat>;
export default meta;

type Story = StoryObj<typeof meta>;

/**
 * An app that posts ~25,000 messages a second: its budget drops them before any parsing, the page
 * stays responsive, and after 2.5 s over budget the app is removed with a notice in its place.
 */
export const StoppedForFlooding: Story = {
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('[data-xagent-mcp-app="ready"] iframe')).not.toBeNull(), { timeout: 10_000 });
    // The page's main thread during the flood: the longest gap between 50 ms timers.
    let longest = 0;
    let last = performance.now();
    const probe = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 50);
    await waitFor(() => expect(canvas.getByText('This app was stopped because it sent too many messages. The chat goes on without it.')).toBeVisible(), { timeout: 15_000 });
    clearInterval(probe);
    await expect(canvasElement.querySelector('[data-xagent-mcp-app] iframe')).toBeNull();
    await expect(canvas.getByText('Here it is.')).toBeVisible();
    // Unbudgeted, the same flood kept the page busy for seconds; budgeted, timers keep running.
    await expect(longest).toBeLessThan(1_000);
  },
};
