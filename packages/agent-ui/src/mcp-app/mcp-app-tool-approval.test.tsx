import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { McpAppCallResponse } from '@x/agent-protocol/mcp-apps';
import { Modal } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { AgentUIProvider, useAgentUIConfig } from '../config.js';
import { callAppTool, McpAppRequestError } from './mcp-app-requests.js';
import { confirmAppToolCall } from './mcp-app-tool-approval.js';
import { chatMcpAppsOptions } from './mcp-apps-options.js';

const app = { server: 'shop', resourceUri: 'ui://shop/app.html', toolName: 'catalog' };
const approval = { token: 'payload.signature', name: 'buy', input: { item: 'a book', qty: 2 }, expiresAt: Date.now() + 60_000 };

/** A fake call route: 403 approval_required with `approval` until the token comes back, then the tool's result. */
function callRoute(first: { status: number; body: unknown } = { status: 403, body: { error: { code: 'approval_required', message: 'ask' }, approval } }) {
  const bodies: Record<string, unknown>[] = [];
  const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    bodies.push(body);
    if (body.approval === approval.token) return new Response(JSON.stringify({ content: [{ type: 'text', text: 'bought' }] }), { status: 200 });
    return new Response(JSON.stringify(first.body), { status: first.status });
  };
  return { bodies, options: chatMcpAppsOptions({ sandboxUrl: 'http://sandbox.test/sandbox', fetch }, { agentId: 'assistant' })! };
}

/** The frame's use of the confirmation: the app's call, asked of the user through antd's modal hook. */
function Harness({ route, onResult }: { route: ReturnType<typeof callRoute>; onResult: (result: McpAppCallResponse | Error) => void }) {
  const [modal, holder] = Modal.useModal();
  const { strings } = useAgentUIConfig();
  useEffect(() => {
    callAppTool(route.options, app, 'c1', { name: 'buy', arguments: { item: 'a book', qty: 2 } }, {
      confirm: (asked) => confirmAppToolCall(modal, strings, asked),
      rejectedText: strings.mcpApp.callToolRejected,
    }).then(onResult, onResult);
    // Once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return holder;
}

function view(route = callRoute()) {
  const results: (McpAppCallResponse | Error)[] = [];
  render(
    <AgentUIProvider>
      <Harness route={route} onResult={(result) => results.push(result)} />
    </AgentUIProvider>,
  );
  return { results, route };
}

describe('an app’s tool call that needs the user’s approval', () => {
  it('asks in a dialog named after the tool, with its input; Reject has the focus, Tab reaches Approve; approved → sent again with the token, runs', async () => {
    const { results, route } = view();
    const dialog = await screen.findByRole('dialog', { name: 'The app wants to run buy' });
    expect(dialog.textContent).toContain('With this input:');
    expect(dialog.textContent).toContain('"item": "a book"');
    expect(dialog.textContent).toContain('"qty": 2');
    const reject = screen.getByRole('button', { name: 'Reject' });
    const approve = screen.getByRole('button', { name: 'Approve' });
    await waitFor(() => expect(document.activeElement).toBe(reject));
    // Nothing ran while the user decides.
    expect(route.bodies).toHaveLength(1);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(approve);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(results).toHaveLength(1));
    expect(results[0]).toEqual({ content: [{ type: 'text', text: 'bought' }] });
    expect(route.bodies).toEqual([
      { server: 'shop', name: 'buy', arguments: { item: 'a book', qty: 2 }, conversationId: 'c1' },
      { server: 'shop', name: 'buy', arguments: { item: 'a book', qty: 2 }, conversationId: 'c1', approval: approval.token },
    ]);
  });

  it('rejected → the app gets a tool error, the call is never sent again', async () => {
    const { results, route } = view();
    await screen.findByRole('dialog', { name: 'The app wants to run buy' });
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(results).toHaveLength(1));
    expect(results[0]).toEqual({ content: [{ type: 'text', text: 'The user rejected this tool call.' }], isError: true });
    expect(route.bodies).toHaveLength(1);
  });

  it('Escape rejects', async () => {
    const { results, route } = view();
    await screen.findByRole('dialog', { name: 'The app wants to run buy' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(results).toHaveLength(1));
    expect((results[0] as McpAppCallResponse).isError).toBe(true);
    expect(route.bodies).toHaveLength(1);
  });

  it('a refusal without an approval to ask (tool_denied) is not asked: the error goes to the app', async () => {
    const { results } = view(callRoute({ status: 403, body: { error: { code: 'tool_denied', message: 'no' } } }));
    await waitFor(() => expect(results).toHaveLength(1));
    expect(results[0]).toBeInstanceOf(McpAppRequestError);
    expect((results[0] as McpAppRequestError).code).toBe('tool_denied');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
