import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AgentUIMessage } from '@x/agent-protocol';
import { createMockAgentServer, inProcessFetch, plainTextScenario } from '@x/mock-server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AgentChat } from '../chat/agent-chat.js';
import { AgentUIProvider } from '../config.js';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { errorText, PartBoundary } from './part-boundary.js';

beforeAll(() => preloadOnDemand());

const server = createMockAgentServer({ agents: { assistant: { ...plainTextScenario, chunkDelayMs: 1 } } });

const history = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Show me' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'text', text: 'Before the tool.' },
      { type: 'tool-lookup', toolCallId: 'c1', state: 'output-available', input: {}, output: 'found' },
      { type: 'text', text: 'After the tool.' },
    ],
  },
  {
    id: 'a2',
    role: 'assistant',
    parts: [
      { type: 'data-chart', data: { points: 3 } },
      // Names that are prototype keys: the app's renderer tables have no such entries (they reached Object).
      { type: 'data-constructor', data: { x: 1 } },
      { type: 'dynamic-tool', toolName: 'constructor', toolCallId: 'c2', state: 'output-available', input: {}, output: 'ok' },
      { type: 'text', text: 'Second answer survives.' },
    ],
  },
] as unknown as AgentUIMessage[];

const boom = (what: string) => () => {
  throw new Error(`${what} renderer bug`);
};

describe('PartBoundary', () => {
  it('a renderer that throws costs only its part: a notice with the error, the rest of the transcript renders and the composer sends', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<AgentChat agentId="assistant" messages={history} toolRenderers={{ lookup: boom('tool') }} dataRenderers={{ chart: boom('chart') }} chatOptions={{ fetch: inProcessFetch(server) }} />);
    const log = screen.getByRole('log', { name: 'Conversation' });
    const notices = [...log.querySelectorAll('[data-xagent-part-error]')];
    expect(notices.map((n) => n.textContent)).toEqual(['This part could not be shown. tool renderer bug', 'This part could not be shown. chart renderer bug']);
    for (const notice of notices) {
      expect(notice).toHaveAttribute('role', 'note');
      expect(notice.textContent).not.toContain('part-boundary.test'); // the message only, never the stack
    }
    // The parts around the one that threw, in the same message, still render.
    expect(within(log).getByText('Before the tool.')).toBeInTheDocument();
    expect(within(log).getByText('After the tool.')).toBeInTheDocument();
    expect(within(log).getByText('Second answer survives.')).toBeInTheDocument();
    expect(log.querySelector('[data-xagent-message-error]')).toBeNull();
    // A tool or data part named like a prototype key gets the kit's own card.
    expect(log.querySelector('[data-xagent-data="constructor"]')).not.toBeNull();
    expect(log.querySelector('[data-xagent-tool="constructor"]')).not.toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    expect(await within(log).findByText('Hello')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    error.mockRestore();
  });

  it('renders the part again when its content changes (a streaming part that threw at one update)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Part = ({ text }: { text: string }) => {
      if (text.endsWith('{')) throw new Error('incomplete');
      return <p>{text}</p>;
    };
    const view = (text: string) => (
      <AgentUIProvider>
        <PartBoundary resetKeys={[text]}>
          <Part text={text} />
        </PartBoundary>
      </AgentUIProvider>
    );
    const { rerender } = render(view('chart {'));
    expect(screen.getByRole('note').textContent).toBe('This part could not be shown. incomplete');
    rerender(view('chart {'));
    expect(screen.getByRole('note')).toBeInTheDocument();
    rerender(view('chart {}'));
    expect(screen.getByText('chart {}')).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
    error.mockRestore();
  });

  it('shows one short line of the error: never a stack, never more than 200 characters', () => {
    const long = new Error(`${'x'.repeat(1_000)}`);
    expect(errorText(long)).toHaveLength(200);
    expect(errorText('plain')).toBe('plain');
    expect(errorText({ message: 'not an Error' })).toBe('');
    expect(errorText(new Error('a\n  b'))).toBe('a b');
  });
});
