import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AgentRunRecord } from '@x/agent-protocol/routes';
import { createAgentServer } from '@x/agent-server';
import { memoryStore } from '@x/agent-server/store';
import { createScenarioServer, inProcessFetch, scenarios, scriptedModel } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentTimeline } from './agent-timeline.js';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();

function record(overrides: Partial<AgentRunRecord> = {}): AgentRunRecord {
  const sub: AgentRunRecord = {
    id: 'run-sub',
    agentId: 'researcher',
    conversationId: 'c1',
    initiatorRunId: 'run-1',
    initiatorToolCallId: 'call-2',
    status: 'completed',
    stopReason: 'stop',
    startedAt: at(300),
    finishedAt: at(900),
    usage: { inputTokens: 5, outputTokens: 5, totalTokens: 10 },
    steps: [{ stepNumber: 1, startedAt: at(300), durationMs: 600, finishReason: 'stop', usage: { inputTokens: 5, outputTokens: 5, totalTokens: 10 } }],
    toolCalls: [{ toolCallId: 'call-s', toolName: 'search', source: 'mcp', stepNumber: 1, state: 'done', input: {}, output: 'x', startedAt: at(350), durationMs: 250 }],
    subRuns: [],
  };
  return {
    id: 'run-1',
    agentId: 'boss',
    conversationId: 'c1',
    initiatorRunId: null,
    initiatorToolCallId: null,
    status: 'completed',
    stopReason: 'stop',
    startedAt: at(0),
    finishedAt: at(1_500),
    usage: null,
    steps: [
      { stepNumber: 1, startedAt: at(0), durationMs: 1_000, finishReason: 'tool-calls', usage: { inputTokens: 1_000, outputTokens: 200, totalTokens: 1_200 } },
      { stepNumber: 2, startedAt: at(1_000), durationMs: 500, finishReason: 'stop', usage: { inputTokens: 1_300, outputTokens: 20, totalTokens: 1_320 } },
    ],
    toolCalls: [
      { toolCallId: 'call-1', toolName: 'lookup', source: 'function', stepNumber: 1, state: 'error', input: {}, error: 'backend down', startedAt: at(200), durationMs: 40 },
      { toolCallId: 'call-2', toolName: 'researcher', source: 'sub-agent', stepNumber: 1, state: 'done', input: {}, output: 'ok', startedAt: at(250), durationMs: 700, subRunId: 'run-sub' },
    ],
    subRuns: [sub],
    ...overrides,
  };
}

describe('AgentTimeline', () => {
  it('says "Waiting for approval", not "Completed", for a run that ended on a call waiting for the user', () => {
    const waiting = record({
      stopReason: 'tool-calls',
      toolCalls: [{ toolCallId: 'call-9', toolName: 'deleteRecord', source: 'function', stepNumber: 1, state: 'pending', input: { id: 7 }, startedAt: at(200), durationMs: null }],
      subRuns: [],
    });
    render(<AgentTimeline record={waiting} locale="en-US" />);
    const timeline = screen.getByRole('region', { name: 'Run activity' });
    expect(within(timeline).getByRole('status')).toHaveTextContent('Waiting for approval');
    expect(within(timeline).getByRole('status')).not.toHaveTextContent('Completed');
    expect(timeline).toHaveAttribute('data-run-waiting', 'true');
  });

  it('lists steps and tool calls with durations and tokens, the tool error, and totals with the sub-agent run', () => {
    render(<AgentTimeline record={record()} locale="en-US" />);
    const timeline = screen.getByRole('region', { name: 'Run activity' });
    expect(within(timeline).getByRole('status')).toHaveTextContent('Completed');
    const steps = within(timeline).getByRole('list', { name: '2 steps' });
    const [first, second] = steps.querySelectorAll<HTMLElement>(':scope > li[data-xagent-timeline-step]');
    expect(first).toHaveTextContent('Step 1 · tool-calls');
    expect(first).toHaveTextContent('1,200 tokens · 1.0 s');
    expect(second).toHaveTextContent('1,320 tokens · 500 ms');
    const lookup = timeline.querySelector('li[data-xagent-timeline-tool="lookup"]')!;
    expect(lookup).toHaveTextContent('lookup function · error');
    expect(lookup).toHaveTextContent('40 ms');
    expect(lookup).toHaveTextContent('backend down');
    // Screen readers get the bar's position as text.
    expect(lookup).toHaveTextContent('starts at +200 ms');
    expect(timeline.querySelector('[data-xagent-timeline-total-tokens]')).toHaveTextContent('2,530 tokens (2,305 in · 225 out)');
    // "Tool calls" are the run's own, as the chat counts them (lookup, researcher); the sub-agent's
    // search is counted on the sub-agent's row, not added to the run's count.
    expect(timeline).toHaveTextContent('2 steps · 2 tool calls');
    expect(within(timeline).getByRole('button', { name: /Sub-agent researcher/ })).toHaveTextContent('Sub-agent researcher, 1 step · 1 tool call');
    expect(timeline.querySelector('li[data-xagent-timeline-tool="search"]')).toHaveTextContent('search MCP');
  });

  it('collapses and expands a sub-agent run from the keyboard', async () => {
    const user = userEvent.setup();
    render(<AgentTimeline record={record()} locale="en-US" />);
    const toggle = screen.getByRole('button', { name: /Sub-agent researcher, 1 step/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(document.querySelector('[data-depth="1"]') as HTMLElement);
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('[data-depth="1"]')).toBeNull();
    await user.keyboard(' ');
    expect(document.querySelector('li[data-xagent-timeline-tool="search"]')).not.toBeNull();
  });

  it('opens a call’s input and output (or error) on demand', async () => {
    const user = userEvent.setup();
    render(<AgentTimeline record={record()} locale="en-US" />);
    const lookup = document.querySelector<HTMLElement>('li[data-xagent-timeline-tool="lookup"]')!;
    expect(lookup.querySelector('pre')).toBeNull();
    await user.click(within(lookup).getByText('Input and output'));
    await waitFor(() => expect(lookup.querySelector('pre')).toHaveTextContent('"error": "backend down"'));
    const researcher = document.querySelector<HTMLElement>('li[data-xagent-timeline-tool="researcher"]')!;
    const summary = researcher.querySelector<HTMLElement>(':scope > details > summary')!;
    expect(summary).toHaveAccessibleName('Input and output of researcher');
    await user.click(summary);
    await waitFor(() => expect(researcher.querySelector(':scope > details > pre')).toHaveTextContent('"output": "ok"'));
    await user.click(summary);
    await waitFor(() => expect(researcher.querySelector(':scope > details > pre')).toBeNull());
  });

  it('shows a running run: open steps and calls say running, the region is busy', () => {
    const running = record({
      status: 'running',
      stopReason: null,
      finishedAt: null,
      steps: [{ stepNumber: 1, startedAt: at(0), durationMs: null, finishReason: null, usage: null }],
      toolCalls: [{ toolCallId: 'call-1', toolName: 'lookup', source: 'function', stepNumber: 1, state: 'running', input: {}, startedAt: at(100), durationMs: null }],
      subRuns: [],
    });
    render(<AgentTimeline record={running} locale="en-US" />);
    const timeline = screen.getByRole('region', { name: 'Run activity' });
    expect(timeline).toHaveAttribute('aria-busy', 'true');
    expect(within(timeline).getByRole('status')).toHaveTextContent('Running');
    expect(timeline.querySelector('li[data-xagent-timeline-tool="lookup"] [data-xagent-timeline-duration]')).toHaveTextContent('running…');
  });

  it('links to the run’s trace when the record has a trace id and the app gives traceUrl (http(s) only)', () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const traceUrl = (id: string) => `https://traces.example.com/trace/${id}`;
    const { rerender } = render(<AgentTimeline record={record({ traceId })} traceUrl={traceUrl} />);
    const link = screen.getByRole('link', { name: 'View trace' });
    expect(link).toHaveAttribute('href', `https://traces.example.com/trace/${traceId}`);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // No trace id (the server did not trace the run), no traceUrl, or a non-http URL: no link.
    rerender(<AgentTimeline record={record()} traceUrl={traceUrl} />);
    expect(screen.queryByRole('link', { name: 'View trace' })).toBeNull();
    rerender(<AgentTimeline record={record({ traceId })} />);
    expect(screen.queryByRole('link', { name: 'View trace' })).toBeNull();
    rerender(<AgentTimeline record={record({ traceId })} traceUrl={() => 'javascript:alert(1)'} />);
    expect(screen.queryByRole('link', { name: 'View trace' })).toBeNull();
  });

  it('says when there is no run, and takes strings in another locale (its catalogue loaded on demand)', async () => {
    render(<AgentTimeline record={null} locale="zh-CN" strings={{ label: 'Audit' }} />);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Audit' })).toHaveTextContent('还没有运行'));
  });

  it('reads a run from the real server and follows it until it completes (useRunRecord)', async () => {
    const server = createScenarioServer({ scenarios: [scenarios.shippingAudit], smartAgentId: false, config: { store: memoryStore(), logger: { warn: () => {}, error: () => {} } } });
    const fetch = inProcessFetch(server);
    const response = await fetch('/api/agent/shipping-audit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Run the shipping audit' }] }] }),
    });
    const conversationId = response.headers.get('x-conversation-id')!;
    const done = response.text();
    render(<AgentTimeline conversationId={conversationId} fetch={fetch} intervalMs={100} locale="en-US" />);
    const timeline = await screen.findByRole('region', { name: 'Run activity' });
    await waitFor(() => expect(timeline).toHaveAttribute('data-run-status', 'running'));
    await done;
    await waitFor(() => expect(timeline).toHaveAttribute('data-run-status', 'completed'), { timeout: 10_000 });
    expect(timeline.querySelectorAll('[data-depth="0"] > ol > li > ol > li[data-xagent-timeline-tool]')).toHaveLength(20);
    expect(timeline.querySelectorAll('[data-depth="1"] li[data-xagent-timeline-tool="checkCarrier"]')).toHaveLength(2);
  });

  it('shows a failed read with a retry (another user’s run is not found)', async () => {
    const server = createAgentServer({ agents: { a: { model: scriptedModel({ steps: [[{ type: 'text', text: 'Hi.' }]] }) } }, store: memoryStore(), logger: { warn: () => {}, error: () => {} } });
    render(<AgentTimeline runId="run-nope" fetch={inProcessFetch(server)} locale="en-US" />);
    expect(await screen.findByText('The run could not be loaded.')).toBeVisible();
    expect(screen.getByText('There is no such run.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
