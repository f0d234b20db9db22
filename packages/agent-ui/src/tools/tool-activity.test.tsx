import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AgentUIMessage, AgentUIMessagePart } from '@x/agent-protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { AgentMessage } from '../transcript/agent-message.js';
import { enUS } from '../locales/built-in.js';
import { describeResult } from './tool-result.js';
import { WithMessageContext } from '../test-utils/message-context.js';

// The full tool result is in the on-demand chunk: load it first, so the assertions see it rather than its stand-in.
beforeAll(() => preloadOnDemand());

const call = (name: string, id: string, output: unknown, state = 'output-available') =>
  ({ type: `tool-${name}`, toolCallId: id, state, input: { id }, ...(state === 'output-available' ? { output } : {}) }) as unknown as AgentUIMessagePart;

const reply = (parts: AgentUIMessagePart[]): AgentUIMessage => ({ id: 'a', role: 'assistant', parts });

const MCP = {
  content: [
    { type: 'text', text: 'Order 42 shipped on Monday.' },
    { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
    { type: 'resource', resource: { uri: 'file:///orders/42.json', text: '{"id":42}', mimeType: 'application/json' } },
  ],
  isError: false,
};

describe('tool result summaries', () => {
  it('are short and human, never a JSON dump', () => {
    expect(describeResult({ status: 'shipped', eta: '2 days', items: [1, 2, 3] }, enUS.itemCount)).toBe('eta: 2 days · items: 3 items · status: shipped');
    // Keys in sorted order: the same line whatever order the store kept them in (jsonb reorders).
    expect(describeResult({ items: [1, 2, 3], status: 'shipped', eta: '2 days' }, enUS.itemCount)).toBe('eta: 2 days · items: 3 items · status: shipped');
    expect(describeResult([{ a: 1 }, { a: 2 }], enUS.itemCount)).toBe('2 items');
    expect(describeResult({ message: 'Saved the draft.' }, enUS.itemCount)).toBe('Saved the draft.');
    expect(describeResult(MCP, enUS.itemCount)).toBe('Order 42 shipped on Monday.');
    expect(describeResult({ content: [{ type: 'image', data: 'x', mimeType: 'image/png' }] }, enUS.itemCount)).toBe('image × 1');
  });
});

describe('tool card', () => {
  it('summarises the result, and "Show full result" toggles to "Hide full result"', async () => {
    const user = userEvent.setup();
    render(<WithMessageContext><AgentMessage message={reply([call('lookupOrder', 'c1', { status: 'shipped', carrier: 'DHL' })])} /></WithMessageContext>);
    const card = screen.getByRole('group', { name: 'lookupOrder finished' });
    expect(card).toHaveTextContent('carrier: DHL · status: shipped');
    expect(card).not.toHaveTextContent('{"status"');
    const summary = within(card).getByText('Show full result');
    expect(summary.style.minHeight).toBe('24px');
    await user.click(summary);
    expect(within(card).getByText('Hide full result')).toBeInTheDocument();
    expect(await within(card).findByLabelText('Result')).toHaveTextContent('"carrier": "DHL"');
    await user.click(within(card).getByText('Hide full result'));
    expect(within(card).getByText('Show full result')).toBeInTheDocument();
  });

  it('renders an MCP result as its text, images and resources', async () => {
    const user = userEvent.setup();
    const { container } = render(<WithMessageContext><AgentMessage message={reply([call('orders', 'c1', MCP)])} /></WithMessageContext>);
    const card = screen.getByRole('group', { name: 'orders finished' });
    expect(card).toHaveTextContent('Order 42 shipped on Monday.');
    expect(card).not.toHaveTextContent('"content"');
    await user.click(within(card).getByText('Show full result'));
    const result = await within(card).findByRole('group', { name: 'Result' });
    expect(result).toHaveTextContent('Order 42 shipped on Monday.');
    expect(result.querySelector('img')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(result).toHaveTextContent('file:///orders/42.json');
    expect(result).not.toHaveTextContent('"type"');
    expect(container.querySelector('[data-xagent-tool="orders"]')).toHaveAttribute('data-state', 'output-available');
  });

  it('an MCP result with isError shows as a failed call', () => {
    render(<WithMessageContext><AgentMessage message={reply([call('orders', 'c1', { content: [{ type: 'text', text: 'No such order.' }], isError: true })])} /></WithMessageContext>);
    expect(screen.getByRole('group', { name: 'orders failed' })).toHaveTextContent('No such order.');
  });
});

describe('consecutive tool calls', () => {
  const twenty = Array.from({ length: 20 }, (_, i) => [{ type: 'step-start' } as AgentUIMessagePart, call('lookupOrder', `c${i}`, { id: i, status: 'shipped' })]).flat();

  it('collapse into one line that expands to compact rows, each expanding to its card', async () => {
    const user = userEvent.setup();
    const { container } = render(<WithMessageContext><AgentMessage message={reply([...twenty, { type: 'text', text: 'All shipped.' }])} /></WithMessageContext>);
    expect(container.querySelectorAll('[data-xagent-tool]')).toHaveLength(0);
    const toggle = screen.getByRole('button', { name: 'Used lookupOrder 20 times' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle.style.minHeight).toBe('24px');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Compact rows (input fields → result summary), not 20 full cards.
    const rows = container.querySelectorAll<HTMLElement>('[data-xagent-tool-row="lookupOrder"]');
    expect(rows).toHaveLength(20);
    expect(container.querySelectorAll('[data-xagent-tool="lookupOrder"]')).toHaveLength(0);
    expect(rows[3]).toHaveTextContent('lookupOrder');
    const row = rows[3]!.querySelector('summary')!;
    expect(row).toHaveAccessibleName(/^lookupOrder finished: lookupOrder.*→ id: 3 · status: shipped$/);
    await user.click(row);
    expect(rows[3]!.querySelector('[data-xagent-tool="lookupOrder"]')).not.toBeNull();
    expect(screen.getByText('All shipped.')).toBeInTheDocument();
  });

  it('mixed tools are named; while any runs the line says so', () => {
    const { rerender } = render(
      <WithMessageContext>
        <AgentMessage message={reply([call('lookupOrder', 'a', { ok: true }), call('refund', 'b', { ok: true }), call('email', 'c', null, 'input-available')])} streaming />
      </WithMessageContext>,
    );
    const group = document.querySelector<HTMLElement>('[data-xagent-tool-group]')!;
    expect(group).toHaveAttribute('aria-busy', 'true');
    expect(within(group).getByRole('button', { name: 'Running 3 tool calls…' })).toBeInTheDocument();
    rerender(<WithMessageContext><AgentMessage message={reply([call('lookupOrder', 'a', { ok: true }), call('refund', 'b', { ok: true }), call('email', 'c', { sent: true })])} /></WithMessageContext>);
    expect(within(group).getByRole('button', { name: 'Used lookupOrder, refund, and email' })).toBeInTheDocument();
    expect(group).not.toHaveAttribute('aria-busy');
  });

  it('many mixed tools: the first two named, how many others, and the calls', () => {
    const names = ['lookupOrder', 'refund', 'email', 'lookupOrder', 'audit', 'notify'];
    render(
      <WithMessageContext>
        <AgentMessage message={reply(names.map((name, i) => call(name, `c${i}`, { ok: true })))} />
      </WithMessageContext>,
    );
    const group = document.querySelector<HTMLElement>('[data-xagent-tool-group]')!;
    expect(within(group).getByRole('button', { name: 'Used lookupOrder, refund, and 3 more tools (6 calls)' })).toBeInTheDocument();
  });

  it('a single call keeps its card; text between calls ends a run', () => {
    const { container } = render(
      <WithMessageContext>
        <AgentMessage message={reply([call('lookupOrder', 'a', { ok: true }), { type: 'text', text: 'Now the refund.' }, call('refund', 'b', { ok: true })])} />
      </WithMessageContext>,
    );
    expect(container.querySelector('[data-xagent-tool-group]')).toBeNull();
    expect(container.querySelectorAll('[data-xagent-tool]')).toHaveLength(2);
  });
});
