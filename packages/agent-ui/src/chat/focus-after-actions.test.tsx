import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useConversations } from '@x/agent-react/conversations';
import { createAgentServer } from '@x/agent-server';
import { memoryStore } from '@x/agent-server/store';
import { createMockAgentServer, inProcessFetch, scriptedModel } from '@x/mock-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { A2UISurface } from '../a2ui/a2ui-surface.js';
import { AgentConversations } from '../conversations/agent-conversations.js';
import { AgentInspector } from '../inspector/agent-inspector.js';
import { createInspector } from '../inspector/wire-recorder.js';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { AgentChat } from './agent-chat.js';
import { queue as queuePlugin } from '../plugins/queue.js';

// Focus never falls to <body>: each action that removes or disables the control it was started
// from hands the focus to the element the README names.

beforeAll(() => preloadOnDemand());

const TIMEOUT = { timeout: 10_000 };
const composer = () => screen.getByRole('textbox', { name: 'Message' });
const expectFocusOn = (element: Element) => {
  expect(document.activeElement).not.toBe(document.body);
  expect(document.activeElement).toBe(element);
};

function failingChat() {
  const server = createAgentServer({
    agents: { echo: { model: scriptedModel({ chunkDelayMs: 0, steps: [[{ type: 'text', text: 'Partial ' }, { type: 'error', message: 'model down' }]] }) } },
    logger: { warn: () => {}, error: () => {} },
  });
  return inProcessFetch(server);
}

describe('focus after the error alert', () => {
  for (const button of ['Retry', 'Dismiss'] as const) {
    it(`${button} hands the focus to the composer`, async () => {
      const user = userEvent.setup();
      render(<AgentChat agentId="echo" chatOptions={{ fetch: failingChat() }} />);
      await user.type(composer(), 'Go{Enter}');
      const alert = await screen.findByRole('alert', {}, TIMEOUT);
      await user.click(within(alert).getByRole('button', { name: button }));
      expectFocusOn(composer());
    });
  }
});

describe('focus after editing the queue', () => {
  const LONG = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ');
  const server = createMockAgentServer({
    agents: { slow: { chunkDelayMs: 10, steps: ({ lastUserText }) => [{ type: 'text', text: lastUserText.startsWith('slow') ? LONG : 'ok' }] } },
    logger: { warn: () => {}, error: () => {} },
  });
  const fetch = inProcessFetch(server);
  const rows = (queue: HTMLElement) => within(queue).getAllByRole('listitem');

  it('save and Escape go back to the row\'s Edit button; Remove to the next row, the last one to the composer', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="slow" chatOptions={{ fetch }} plugins={[queuePlugin()]} />);
    await user.type(composer(), 'slow start{Enter}');
    await waitFor(() => expect(container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'streaming'));
    await user.type(composer(), 'one{Enter}');
    await user.type(composer(), 'two{Enter}');
    const queue = await screen.findByRole('region', { name: 'Queued messages' });

    await user.click(within(rows(queue)[0]!).getByRole('button', { name: 'Edit queued message' }));
    await user.type(within(queue).getByRole('textbox', { name: 'Queued message text' }), ' more{Enter}');
    await waitFor(() => expectFocusOn(within(rows(queue)[0]!).getByRole('button', { name: 'Edit queued message' })));

    await user.click(within(rows(queue)[1]!).getByRole('button', { name: 'Edit queued message' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expectFocusOn(within(rows(queue)[1]!).getByRole('button', { name: 'Edit queued message' })));

    await user.click(within(rows(queue)[0]!).getByRole('button', { name: 'Remove from queue' }));
    await waitFor(() => expect(rows(queue)).toHaveLength(1));
    await waitFor(() => expectFocusOn(rows(queue)[0]!));

    await user.click(within(rows(queue)[0]!).getByRole('button', { name: 'Remove from queue' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Queued messages' })).toBeNull());
    expectFocusOn(composer());
  }, 30_000);
});

describe('focus after an A2UI action', () => {
  it('the surface keeps the focus when its sent form disables the button', async () => {
    const surface = [
      { version: 'v0.9', createSurface: { surfaceId: 'booking', catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: 'booking',
          components: [
            { id: 'root', component: 'Column', children: ['submit'] },
            { id: 'submit', component: 'Button', child: 'label', action: { event: { name: 'book' } } },
            { id: 'label', component: 'Text', text: 'Book' },
          ],
        },
      },
    ];
    const user = userEvent.setup();
    const { container } = render(<A2UISurface messages={surface} onAction={() => {}} />);
    const book = screen.getByRole('button', { name: 'Book' });
    await user.click(book);
    expect(book).toBeDisabled();
    expectFocusOn(container.querySelector('[data-a2ui-surface]')!);
  });
});

describe('focus after "New chat"', () => {
  it('goes to the composer of the chat', async () => {
    const server = createAgentServer({
      agents: { assistant: { model: scriptedModel({ steps: [[{ type: 'text', text: 'Noted.' }]], chunkDelayMs: 0 }) } },
      store: memoryStore(),
      logger: { warn: () => {}, error: () => {} },
    });
    const fetch = inProcessFetch(server);
    function Page() {
      const conversations = useConversations({ fetch });
      return (
        <>
          <AgentConversations conversations={conversations} locale="en-US" />
          <AgentChat agentId="assistant" conversationId={conversations.selectedId} events={conversations.chatEvents} chatOptions={{ fetch }} />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Page />);
    const newChat = await screen.findByRole('button', { name: 'New chat' }, TIMEOUT);
    await user.click(newChat);
    await waitFor(() => expectFocusOn(composer()), TIMEOUT);
  });
});

describe('the Inspector', () => {
  it('closes on Escape and gives the focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    const inspector = createInspector({ fetch: () => Promise.resolve(new Response('{}', { headers: { 'content-type': 'application/json' } })) });
    await (await inspector.fetch('http://localhost/api/agent/echo', { method: 'POST', body: '{}' })).text();
    render(<AgentInspector inspector={inspector} defaultOpen={false} />);
    const toggle = screen.getByRole('button', { name: /open/i });
    await user.click(toggle);
    const panel = screen.getByRole('complementary');
    // Escape from a control inside the panel.
    within(panel).getAllByRole('button')[0]!.focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary')).toBeNull();
    expectFocusOn(toggle);
  });
});
