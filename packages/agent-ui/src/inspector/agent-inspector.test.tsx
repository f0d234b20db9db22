import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { memoryStore } from '@x/agent-server/store';
import { createScenarioServer, inProcessFetch, scenarios } from '@x/mock-server';
import { describe, expect, it, vi } from 'vitest';
import { AgentInspector } from './agent-inspector.js';
import { createInspector } from './wire-recorder.js';

async function inspectedTurn() {
  const server = createScenarioServer({ scenarios: [scenarios.approval], smartAgentId: false, config: { store: memoryStore(), logger: { warn: () => {}, error: () => {} } } });
  const inspector = createInspector({ fetch: inProcessFetch(server) });
  const body = { conversationId: 'c1', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Delete record 7' }] }] };
  await (await inspector.fetch('http://localhost/api/agent/approval', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).text();
  await waitFor(() => expect(inspector.runs()[0]?.done).toBe(true));
  return inspector;
}

describe('<AgentInspector />', () => {
  it('lists runs and their events; filters by type; copies an event; exports the run — all from the keyboard', async () => {
    const inspector = await inspectedTurn();
    const exported = vi.fn();
    const user = userEvent.setup(); // installs a clipboard the test can read
    render(<AgentInspector inspector={inspector} onExport={exported} />);
    const panel = screen.getByRole('complementary', { name: 'Agent inspector' });
    const runButton = within(panel).getByRole('button', { name: /^r1 turn POST \/api\/agent\/approval 200/ });
    expect(runButton).toHaveAttribute('aria-pressed', 'true');
    const events = within(panel).getByRole('list', { name: 'Events' });
    expect(within(events).getByText(/approval .* for call-/)).toBeInTheDocument();
    expect(within(events).getAllByText(/^#\d+ id \d+ \+\d+ ms/).length).toBeGreaterThan(3);

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Type' }), 'tool-approval-request');
    expect(within(events).getAllByRole('listitem')).toHaveLength(1);

    within(events).getByRole('button', { name: /^Copy event/ }).focus();
    await user.keyboard('{Enter}');
    expect(JSON.parse(await navigator.clipboard.readText())).toMatchObject({ type: 'tool-approval-request' });
    expect(await within(events).findByText('Copied')).toBeInTheDocument();

    within(panel).getByRole('button', { name: 'Export fixture' }).focus();
    await user.keyboard('{Enter}');
    expect(exported).toHaveBeenCalledWith(expect.objectContaining({ version: 1 }), expect.objectContaining({ key: 'r1' }));

    await user.click(screen.getByRole('button', { name: 'Close inspector' }));
    expect(screen.queryByRole('complementary', { name: 'Agent inspector' })).toBeNull();
  });

  it('shows runs as they arrive', async () => {
    const inspector = createInspector({ fetch: () => Promise.resolve(new Response(JSON.stringify({ error: { code: 'unknown_agent', message: 'No agent "x".' } }), { status: 404, headers: { 'content-type': 'application/json' } })) });
    render(<AgentInspector inspector={inspector} />);
    expect(screen.getByText('No runs yet.')).toBeInTheDocument();
    await inspector.fetch('http://localhost/api/agent/x', { method: 'POST', body: '{"messages":[]}' });
    expect(await screen.findByText(/404 unknown_agent: No agent "x"\./)).toBeInTheDocument();
  });
});
