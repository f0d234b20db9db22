import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMockAgentServer, inProcessFetch } from '@x/mock-server';
import { ConfigProvider, theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentChat } from '../chat/agent-chat.js';
import { contrast, parseColor } from '../theme/contrast.js';
import { queue as queuePlugin } from '../plugins/queue.js';

const LONG = Array.from({ length: 150 }, (_, i) => `w${i}`).join(' ');
const server = createMockAgentServer({
  agents: { slow: { chunkDelayMs: 8, steps: ({ lastUserText }) => [{ type: 'text', text: lastUserText.startsWith('slow') ? `${LONG} done` : `reply to ${lastUserText}` }] } },
  logger: { warn: () => {}, error: () => {} },
});
const fetch = inProcessFetch(server);

/** The notice's colour against the page's background, as rendered (an unresolved CSS variable fails). */
function noticeContrast(notice: HTMLElement, background: string): number {
  const color = parseColor(notice.style.color);
  expect(color, `the notice's colour is a checked value, not ${notice.style.color}`).toBeDefined();
  return contrast(color!, parseColor(background)!);
}

afterEach(() => sessionStorage.clear());

describe('the paused queue notice', () => {
  for (const [name, algorithm] of [
    ['light', theme.defaultAlgorithm],
    ['dark', theme.darkAlgorithm],
  ] as const) {
    it(`after a Stop says the reply was stopped, readable at 4.5:1 (${name})`, async () => {
      const user = userEvent.setup();
      const { container } = render(
        <ConfigProvider theme={{ algorithm }}>
          <AgentChat agentId="slow" chatOptions={{ fetch }} plugins={[queuePlugin()]} />
        </ConfigProvider>,
      );
      const box = screen.getByRole('textbox', { name: 'Message' });
      await user.type(box, 'slow start{Enter}');
      await waitFor(() => expect(container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'streaming'));
      await user.type(box, 'two{Enter}');
      await user.click(screen.getByRole('button', { name: 'Stop' }));
      const notice = await waitFor(() => {
        const found = container.querySelector<HTMLElement>('[data-xagent-queue-paused]');
        expect(found).not.toBeNull();
        return found!;
      });
      expect(notice).toHaveTextContent('The queue is paused: the reply was stopped. Use Send now to go on.');
      const page = theme.getDesignToken({ algorithm }).colorBgContainer;
      expect(noticeContrast(notice, page)).toBeGreaterThanOrEqual(4.5);
    }, 20_000);
  }

  it('after a reload does not claim the reply failed or was stopped', async () => {
    // A queue kept from before a reload (this tab's sessionStorage, no store): the reply before it finished normally.
    sessionStorage.setItem('x-agent:queue:kept', JSON.stringify([{ id: 'q1', role: 'user', parts: [{ type: 'text', text: 'later' }] }]));
    const { container } = render(<AgentChat agentId="slow" conversationId="kept" chatOptions={{ fetch }} plugins={[queuePlugin()]} />);
    await screen.findByRole('region', { name: 'Queued messages' });
    const notice = container.querySelector<HTMLElement>('[data-xagent-queue-paused]')!;
    expect(notice.textContent).not.toMatch(/failed|stopped/);
    expect(notice).toHaveTextContent('The queue is paused: these messages were kept from before the page reloaded. Use Send now to go on.');
  });
});
