import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMockAgentServer, inProcessFetch, plainTextScenario } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentChat } from './agent-chat.js';

const server = createMockAgentServer({ agents: { assistant: { ...plainTextScenario, chunkDelayMs: 1 } } });
const fetch = inProcessFetch(server);

describe('AgentChat keeps its transcript when theme props change', () => {
  it.each([
    ['appearance dark', { appearance: { dark: true } }],
    ['theme tokens', { theme: { token: { colorPrimary: '#7c3aed' } } }],
    ['kit tokens', { tokens: { bubbleRadius: 18 } }],
    ['direction', { direction: 'rtl' as const }],
    ['accessibleColors off', { accessibleColors: false }],
  ])('%s', async (_name, themeProps) => {
    const user = userEvent.setup();
    const { rerender } = render(<AgentChat agentId="assistant" chatOptions={{ fetch }} />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText(/streams on its own\./, {}, { timeout: 5_000 })).toBeInTheDocument();

    rerender(<AgentChat agentId="assistant" {...themeProps} chatOptions={{ fetch }} />);
    const after = screen.getByRole('log', { name: 'Conversation' });
    expect(within(after).getByText('Hello')).toBeInTheDocument();
    expect(within(after).getByText(/streams on its own\./)).toBeInTheDocument();

    rerender(<AgentChat agentId="assistant" chatOptions={{ fetch }} />);
    expect(within(screen.getByRole('log', { name: 'Conversation' })).getByText('Hello')).toBeInTheDocument();
  });
});
