import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AgentUIMessage } from '@x/agent-protocol';
import { createMockAgentServer, inProcessFetch, plainTextScenario } from '@x/mock-server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { AgentChat } from '../chat/agent-chat.js';
import { AgentMessage } from './agent-message.js';
import { WithMessageContext } from '../test-utils/message-context.js';

// Tool cards are in the on-demand chunk: load it first, so the assertions see them rather than their stand-ins.
beforeAll(() => preloadOnDemand());

const server = createMockAgentServer({ agents: { assistant: { ...plainTextScenario, chunkDelayMs: 1 } } });

/** History as a store might return it: fields the types promise are missing. */
const malformed = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Here is a file' }, { type: 'file', url: 'https://files.example/report' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'tool-lookup', toolCallId: 'c1', state: 'output-available', output: 'found it' },
      { type: 'dynamic-tool', toolCallId: 'c2', state: 'output-available' },
      { type: 'source-url', sourceId: 's1' },
      { type: 'text', text: 'Second answer survives.' },
    ],
  },
  { id: 'a2', role: 'assistant', parts: [{ type: 'data-boom', data: {} }] },
  { id: 'a3', role: 'assistant', parts: [{ type: 'text', text: 'Third answer is fine.' }] },
] as unknown as AgentUIMessage[];

describe('malformed parts', () => {
  it('every part renderer tolerates missing fields; a part that still throws costs only itself', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Boom = () => {
      throw new Error('renderer bug');
    };
    const user = userEvent.setup();
    render(<AgentChat agentId="assistant" messages={malformed} dataRenderers={{ boom: Boom }} chatOptions={{ fetch: inProcessFetch(server) }} />);
    const log = screen.getByRole('log', { name: 'Conversation' });
    // The file without mediaType, the tool part without input and the empty parts render.
    expect(within(log).getByText('Here is a file')).toBeInTheDocument();
    expect(within(log).getByText('Second answer survives.')).toBeInTheDocument();
    expect(within(log).getByText('Third answer is fine.')).toBeInTheDocument();
    expect(within(log).getByRole('button', { name: 'Used lookup and tool' })).toBeInTheDocument();
    // Only the part whose renderer threw shows the notice (its own boundary: the message around it stays).
    const notices = log.querySelectorAll('[data-xagent-part-error]');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textContent).toBe('This part could not be shown. renderer bug');
    expect(notices[0]!.closest('[data-message-id]')).toHaveAttribute('data-message-id', 'a2');
    expect(log.querySelector('[data-xagent-message-error]')).toBeNull();
    // The composer still works: a new turn goes out (the server may refuse this history; that is its call).
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    expect(await within(log).findByText('Hello')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    error.mockRestore();
  });
});

describe('part renderers', () => {
  it('render parts without their text, name or type as nothing rather than throwing', () => {
    const message = {
      id: 'm',
      role: 'assistant',
      parts: [{ type: 'text' }, { type: 'reasoning' }, null, {}, { type: 'dynamic-tool', toolCallId: 'x', state: 'input-available' }, { type: 'text', text: 'Still here.' }],
    } as unknown as AgentUIMessage;
    const { container } = render(<WithMessageContext><AgentMessage message={message} /></WithMessageContext>);
    expect(screen.getByText('Still here.')).toBeInTheDocument();
    expect(container.querySelector('[data-xagent-message-error]')).toBeNull();
  });
});
