import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AgentUIMessage, AgentUIMessagePart } from '@x/agent-protocol';
import { createMockAgentServer, inProcessFetch } from '@x/mock-server';
import { ConfigProvider } from 'antd';
import { arEG } from '../test-utils/antd-locales.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { A2UISurface } from '../a2ui/a2ui-surface.js';
import { AgentConversations } from '../conversations/agent-conversations.js';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { WithMessageContext } from '../test-utils/message-context.js';
import { ApprovalInputEditor } from '../tools/approval-input-editor.js';
import { AgentMessage } from '../transcript/agent-message.js';
import { AgentChat } from './agent-chat.js';
import { queue as queuePlugin } from '../plugins/queue.js';

// Right to left: every text the user (or a tool) wrote reads in its own direction (dir="auto"),
// whatever the page's; under an RTL antd locale the chat is mirrored and its pointing icons flipped.

beforeAll(() => preloadOnDemand());

const TIMEOUT = { timeout: 10_000 };
const ARABIC_TITLE = 'خطة السفر إلى القاهرة والإسكندرية في الربيع القادم مع العائلة';

describe('dir="auto" on user-provided text', () => {
  it('the composer text area, a sent user message and a queued message', async () => {
    const server = createMockAgentServer({
      agents: { slow: { chunkDelayMs: 10, steps: () => [{ type: 'text', text: Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ') }] } },
      logger: { warn: () => {}, error: () => {} },
    });
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="slow" chatOptions={{ fetch: inProcessFetch(server) }} plugins={[queuePlugin()]} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(box).toHaveAttribute('dir', 'auto');
    // Only the text area: the composer's box keeps the chat's direction.
    expect(container.querySelector('[data-xagent-composer] .ant-sender')).not.toHaveAttribute('dir');
    await user.type(box, 'مرحبا{Enter}');
    const log = await screen.findByRole('log', {}, TIMEOUT);
    await waitFor(() => expect(within(log).getByText('مرحبا')).toHaveAttribute('dir', 'auto'));
    await user.type(box, 'שלום{Enter}');
    const queue = await screen.findByRole('region', { name: 'Queued messages' });
    expect(within(queue).getByText('שלום')).toHaveAttribute('dir', 'auto');
    await user.click(within(queue).getByRole('button', { name: 'Edit queued message' }));
    expect(within(queue).getByRole('textbox', { name: 'Queued message text' })).toHaveAttribute('dir', 'auto');
  }, 20_000);

  it('conversation titles in the list and the rename field', async () => {
    const user = userEvent.setup();
    render(<AgentConversations items={[{ key: 'c1', label: ARABIC_TITLE }]} onRename={() => {}} locale="en-US" />);
    const title = screen.getByText(ARABIC_TITLE);
    expect(title).toHaveAttribute('dir', 'auto');
    // The ellipsis cuts the end of the title (dir="auto" on the element that clips): its start stays visible.
    expect(title.style.textOverflow).toBe('ellipsis');
    await user.click(screen.getByRole('button', { name: `Actions for ${ARABIC_TITLE}` }));
    await user.click((await screen.findAllByRole('menuitem', { name: 'Rename' })).at(-1)!);
    expect(await screen.findByRole('textbox', { name: `New title for ${ARABIC_TITLE}` })).toHaveAttribute('dir', 'auto');
  });

  it('tool inputs and results shown as text, and file names', async () => {
    const user = userEvent.setup();
    const parts = [
      { type: 'tool-lookup', toolCallId: 'c1', state: 'output-available', input: { city: 'القاهرة' }, output: { message: 'الطقس مشمس' } },
      { type: 'tool-orders', toolCallId: 'c2', state: 'output-available', input: {}, output: { content: [{ type: 'text', text: 'تم الشحن' }] } },
    ] as unknown as AgentUIMessagePart[];
    const message: AgentUIMessage = { id: 'a', role: 'assistant', parts: [parts[0]!, { type: 'text', text: 'ok' }, parts[1]!] };
    const { container } = render(
      <WithMessageContext>
        <AgentMessage message={message} />
      </WithMessageContext>,
    );
    const card = screen.getByRole('group', { name: 'lookup finished' });
    expect(container.querySelector('[data-xagent-tool-input]')).toHaveAttribute('dir', 'auto');
    expect(within(card).getByText('الطقس مشمس')).toHaveAttribute('dir', 'auto');
    expect(card.querySelector('pre')).toHaveAttribute('dir', 'auto');
    await user.click(within(card).getByText('Show full result'));
    expect(await within(card).findByLabelText('Result')).toHaveAttribute('dir', 'auto');
    expect(within(screen.getByRole('group', { name: 'orders finished' })).getAllByText('تم الشحن').at(-1)).toHaveAttribute('dir', 'auto');

    const files: AgentUIMessage = { id: 'u', role: 'user', parts: [{ type: 'file', mediaType: 'application/pdf', filename: 'تقرير.pdf', url: 'https://example.com/r.pdf' }] };
    const view = render(
      <WithMessageContext>
        <AgentMessage message={files} />
      </WithMessageContext>,
    );
    await waitFor(() => expect(view.container.querySelector('.ant-file-card-file-name')).not.toBeNull());
    expect(view.container.querySelector<HTMLElement>('.ant-file-card-file-name')!.style.unicodeBidi).toBe('plaintext');
  });

  it('an A2UI text field and the approval input editor', () => {
    const surface = [
      { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' } },
      {
        version: 'v0.9',
        updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'TextField', label: 'Name', value: { path: '/name' } }] },
      },
    ];
    render(<A2UISurface messages={surface} />);
    expect(screen.getByLabelText('Name')).toHaveAttribute('dir', 'auto');
    render(<ApprovalInputEditor input={{ path: 'تقرير.txt' }} onApprove={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Tool input (JSON)' })).toHaveAttribute('dir', 'auto');
  });
});

describe('under a right-to-left antd locale', () => {
  it('the chat is mirrored and its pointing icons flipped', async () => {
    const parts = ['a', 'b'].map((id) => ({ type: 'tool-lookup', toolCallId: id, state: 'output-available', input: {}, output: 'ok' })) as unknown as AgentUIMessagePart[];
    const messages: AgentUIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'مرحبا' }] },
      { id: 'a1', role: 'assistant', parts },
    ];
    const { container } = render(
      <ConfigProvider direction="rtl">
        <AgentChat agentId="x" messages={messages} chatOptions={{ fetch: () => Promise.reject(new Error('offline')) }} />
      </ConfigProvider>,
    );
    expect(container.querySelector('[data-xagent-chat]')).toHaveAttribute('dir', 'rtl');
    const toggle = await screen.findByRole('button', { name: /lookup/ }, TIMEOUT);
    expect(toggle.querySelector<HTMLElement>('.anticon-right')!.style.scale).toBe('-1 1');
  });

  it('the chat drawer opens on the end side (left) and its title reads in its own direction', async () => {
    render(
      <ConfigProvider direction="rtl">
        <AgentChat agentId="x" display="drawer" drawer={{ title: ARABIC_TITLE, defaultOpen: true }} chatOptions={{ fetch: () => Promise.reject(new Error('offline')) }} />
      </ConfigProvider>,
    );
    const title = await screen.findByText(ARABIC_TITLE, {}, TIMEOUT);
    expect(title).toHaveAttribute('dir', 'auto');
    expect(title.closest('.ant-drawer')).toHaveClass('ant-drawer-left');
  });

  it('follows an Arabic antd locale with no direction of its own; an explicit "ltr" keeps it left to right', () => {
    const offline = { fetch: () => Promise.reject(new Error('offline')) };
    const rtl = render(
      <ConfigProvider locale={arEG}>
        <AgentChat agentId="x" chatOptions={offline} />
      </ConfigProvider>,
    );
    expect(rtl.container.querySelector('[data-xagent-chat]')).toHaveAttribute('dir', 'rtl');
    // antd's own parts inside the chat mirror too (the kit passes the direction on).
    expect(rtl.container.querySelector('.ant-sender')).toHaveClass('ant-sender-rtl');
    const ltr = render(
      <ConfigProvider locale={arEG} direction="ltr">
        <AgentChat agentId="x" chatOptions={offline} />
      </ConfigProvider>,
    );
    expect(ltr.container.querySelector('[data-xagent-chat]')).toHaveAttribute('dir', 'ltr');
  });

  it('not mirrored left to right', async () => {
    const parts = ['a', 'b'].map((id) => ({ type: 'tool-lookup', toolCallId: id, state: 'output-available', input: {}, output: 'ok' })) as unknown as AgentUIMessagePart[];
    const { container } = render(<AgentChat agentId="x" messages={[{ id: 'a1', role: 'assistant', parts }]} chatOptions={{ fetch: () => Promise.reject(new Error('offline')) }} />);
    expect(container.querySelector('[data-xagent-chat]')).toHaveAttribute('dir', 'ltr');
    const toggle = await screen.findByRole('button', { name: /lookup/ }, TIMEOUT);
    expect(toggle.querySelector<HTMLElement>('.anticon-right')!.style.scale).toBe('');
  });
});
