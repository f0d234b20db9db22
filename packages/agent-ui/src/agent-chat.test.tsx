import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMockAgentServer, inProcessFetch, plainTextScenario } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentChat } from './agent-chat.js';

const server = createMockAgentServer({ agents: { assistant: { ...plainTextScenario, chunkDelayMs: 1 } } });

describe('AgentChat', () => {
  it('renders the user message and the streamed markdown reply', async () => {
    const user = userEvent.setup();
    render(<AgentChat agentId="assistant" fetch={inProcessFetch(server)} />);
    await user.type(screen.getByRole('textbox'), 'Hello{Enter}');
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('Hello')).toBeInTheDocument();
    expect(await within(log).findByText(/streams on its own\./, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveValue('');
  });
});
