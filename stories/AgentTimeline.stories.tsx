import type { Meta, StoryObj } from '@storybook/react-vite';
import { memoryStore } from '@x/agent-server/store';
import { AgentTimeline } from '@x/agent-ui/timeline';
import { createScenarioServer, scenarios } from '@x/mock-server';
import { agentHandlers } from '@x/mock-server/msw';
import { ConfigProvider, theme } from 'antd';
import { useEffect, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { auditRunRecord } from './support/run-records.js';

/** The real server, with a store, serving the audit scenario (20 tool calls and a sub-agent) under its own base path. */
const activityServer = createScenarioServer({
  scenarios: [scenarios.shippingAudit],
  smartAgentId: false,
  config: { basePath: '/api/activity', store: memoryStore() },
});

const meta = {
  title: 'AgentTimeline',
  component: AgentTimeline,
  args: { record: auditRunRecord() },
  decorators: [(Story) => <div style={{ maxWidth: 720, padding: 16 }}>{Story()}</div>],
} satisfies Meta<typeof AgentTimeline>;
export default meta;

type Story = StoryObj<typeof meta>;

const toolRows = (root: HTMLElement, depth: number) =>
  root.querySelectorAll(`[data-xagent-timeline-run][data-depth="${depth}"] > ol > li > ol > li[data-xagent-timeline-tool]`);

/** A finished run: 5 steps, 20 tool calls (one of them a sub-agent with its own steps and 2 calls), tokens per step and in total. */
export const WithSubAgent: Story = {
  play: async ({ canvasElement }) => {
    const timeline = within(canvasElement).getByRole('region', { name: 'Run activity' });
    await expect(toolRows(timeline, 0)).toHaveLength(20);
    await expect(toolRows(timeline, 1)).toHaveLength(2);
    await expect(within(timeline).getByRole('status')).toHaveTextContent('Completed');
    await expect(timeline.querySelector('[data-xagent-timeline-total-tokens]')).toHaveTextContent('9,490 tokens (9,150 in · 340 out)');
    const toggle = within(timeline).getByRole('button', { name: /Sub-agent carrier, 2 steps/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toolRows(timeline, 1)).toHaveLength(0);
    await userEvent.keyboard(' ');
    await expect(toolRows(timeline, 1)).toHaveLength(2);
  },
};

/** A run still streaming (cut 2.3 s in): open steps and calls have no duration yet and run to the axis' end. */
export const Running: Story = {
  args: { record: auditRunRecord({ upTo: 2_300 }) },
  play: async ({ canvasElement }) => {
    const timeline = within(canvasElement).getByRole('region', { name: 'Run activity' });
    await expect(within(timeline).getByRole('status')).toHaveTextContent('Running');
    await expect(timeline).toHaveAttribute('aria-busy', 'true');
    await expect(within(timeline).getAllByText('running…').length).toBeGreaterThan(0);
  },
};

/** A failed run: the tool error is shown under its call, the run's status and stop reason in the header. */
export const Failed: Story = {
  args: { record: auditRunRecord({ failed: true }) },
  play: async ({ canvasElement }) => {
    const timeline = within(canvasElement).getByRole('region', { name: 'Run activity' });
    await expect(within(timeline).getByRole('status')).toHaveTextContent('Failed');
    await expect(within(timeline).getByText('The audit service timed out.')).toBeVisible();
    await expect(timeline.querySelector('li[data-xagent-timeline-tool] [data-state="error"]')).not.toBeNull();
  },
};

/** No run yet (a new conversation), loading, and a read that failed. */
export const EmptyLoadingAndError: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      <AgentTimeline record={null} strings={{ label: 'No run' }} />
      <AgentTimeline record={null} loading strings={{ label: 'Loading run' }} />
      <AgentTimeline record={null} error={{ message: 'There is no such run.' }} onRetry={() => {}} strings={{ label: 'Failed read' }} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No run yet')).toBeVisible();
    await expect(canvas.getByText('Loading the run…')).toBeVisible();
    await expect(canvas.getByText('There is no such run.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** Dark theme, from antd tokens (no global CSS). */
export const Dark: Story = {
  decorators: [
    (Story) => (
      <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
        <div style={{ background: '#141414', padding: 16 }}>{Story()}</div>
      </ConfigProvider>
    ),
  ],
  play: async ({ canvasElement }) => {
    const timeline = within(canvasElement).getByRole('region', { name: 'Run activity' });
    const [r, g, b] = getComputedStyle(timeline).color.match(/\d+/g)!.map(Number);
    await expect((r! + g! + b!) / 3).toBeGreaterThan(150);
  },
};

/** 390 px wide (a phone): rows wrap their figures, nothing overflows. */
export const Phone: Story = {
  decorators: [(Story) => <div style={{ width: 390, boxSizing: 'border-box', padding: 8 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const timeline = within(canvasElement).getByRole('region', { name: 'Run activity' });
    await expect(timeline.scrollWidth).toBeLessThanOrEqual(timeline.clientWidth + 1);
  },
};

/** Starts the audit on the real server (msw) and follows it live through `GET /api/activity/runs?conversationId=`. */
function LiveAudit() {
  const [conversationId, setConversationId] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    void fetch('/api/activity/shipping-audit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ id: `u-${Date.now()}`, role: 'user', parts: [{ type: 'text', text: 'Run the shipping audit' }] }] }),
      signal: controller.signal,
    }).then(async (response) => {
      setConversationId(response.headers.get('x-conversation-id') ?? undefined);
      await response.text(); // read the run to its end
    }).catch(() => {});
    return () => controller.abort();
  }, []);
  return conversationId ? <AgentTimeline api="/api/activity" conversationId={conversationId} intervalMs={300} /> : null;
}

/** Live: the timeline updates while the run streams, until it completes with all 20 calls. */
export const Live: Story = {
  render: () => <LiveAudit />,
  parameters: { msw: { handlers: agentHandlers(activityServer) } },
  play: async ({ canvasElement }) => {
    const region = await within(canvasElement).findByRole('region', { name: 'Run activity' }, { timeout: 10_000 });
    // Seen running with only part of its calls, then complete with all of them.
    await waitFor(() => expect(region).toHaveAttribute('data-run-status', 'running'), { timeout: 10_000 });
    await expect(toolRows(region, 0).length).toBeLessThan(20);
    await waitFor(() => expect(region).toHaveAttribute('data-run-status', 'completed'), { timeout: 20_000 });
    await expect(toolRows(region, 0)).toHaveLength(20);
    await expect(toolRows(region, 1)).toHaveLength(2);
  },
};
