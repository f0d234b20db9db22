import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { OutgoingMessage } from '@x/agent-react';
import { createMockAgentServer, inProcessFetch } from '@x/mock-server';
import { describe, expect, it, vi } from 'vitest';
import { AgentChat } from '../chat/agent-chat.js';
import { AgentComposer } from './composer.js';
import { isLongPaste, pastedTextFile, pastedTextOf } from '../message-content/pasted-text.js';

const long = Array.from({ length: 60 }, (_, i) => `line ${i} — ünïcödé ✓`).join('\n');

describe('long pasted text', () => {
  it('is long from 2,000 characters or 40 lines (or the given thresholds); round-trips through its file part, UTF-8 intact', () => {
    expect(isLongPaste('x'.repeat(1_999))).toBe(false);
    expect(isLongPaste('x'.repeat(2_000))).toBe(true);
    expect(isLongPaste('a\n'.repeat(39))).toBe(true);
    expect(isLongPaste('a\n'.repeat(38))).toBe(false);
    expect(isLongPaste('x'.repeat(100), { minChars: 50 })).toBe(true);
    const part = pastedTextFile(long);
    expect(part).toMatchObject({ type: 'file', mediaType: 'text/plain', filename: 'Pasted text.txt' });
    expect(pastedTextOf(part)).toBe(long);
    expect(pastedTextOf({ ...part, filename: 'notes.txt' })).toBeUndefined();
    expect(pastedTextOf({ ...part, url: 'data:text/plain;charset=utf-8;base64,%%%' })).toBeUndefined();
  });

  it('becomes a chip in the composer (preview expands, remove works) and is sent as a text file part; a short paste stays in the field', async () => {
    const user = userEvent.setup();
    const sent: OutgoingMessage[] = [];
    const onSend = vi.fn((message: OutgoingMessage) => void sent.push(message));
    render(<AgentComposer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    box.focus();
    await user.paste(long);
    expect(box).toHaveValue('');
    const chip = screen.getByText('Pasted text').closest('[data-xagent-pasted-text]') as HTMLElement;
    expect(chip).toHaveTextContent('60 lines');
    const expand = within(chip).getByRole('button', { name: 'Show pasted text' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    expect(within(chip).getByRole('button', { name: 'Hide pasted text' })).toHaveAttribute('aria-expanded', 'true');
    expect(chip.querySelector('pre')?.textContent).toBe(long);
    await user.click(within(chip).getByRole('button', { name: 'Remove pasted text' }));
    expect(screen.queryByText('Pasted text')).toBeNull();
    expect(box).toHaveFocus();

    await user.paste(long);
    await user.paste('short');
    expect(box).toHaveValue('short');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(sent[0]!.text).toBe('short');
    const files = sent[0]!.files as { filename: string; url: string }[];
    expect(files.map((f) => f.filename)).toEqual(['Pasted text.txt']);
    expect(pastedTextOf(files[0]!)).toBe(long);
    expect(screen.queryByText('Pasted text')).toBeNull();
  });

  it('counts a one-line paste as "1 line" (plural rules, not a fixed "lines")', async () => {
    const user = userEvent.setup();
    render(<AgentComposer onSend={() => {}} />);
    screen.getByRole('textbox', { name: 'Message' }).focus();
    await user.paste('x'.repeat(2_000));
    const chip = screen.getByText('Pasted text').closest('[data-xagent-pasted-text]') as HTMLElement;
    expect(chip).toHaveTextContent('Pasted text · 1 line, 2,000 characters');
    expect(chip.textContent).not.toContain('1 lines');
  });

  it('shows in the transcript as a chip, not as the whole text', async () => {
    const server = createMockAgentServer({ agents: { echo: { chunkDelayMs: 0, steps: () => [{ type: 'text', text: 'Got it.' }] } }, logger: { warn: () => {}, error: () => {} } });
    const user = userEvent.setup();
    render(<AgentChat agentId="echo" chatOptions={{ fetch: inProcessFetch(server) }} />);
    screen.getByRole('textbox', { name: 'Message' }).focus();
    await user.paste(long);
    await user.keyboard('Summarise this{Enter}');
    const log = screen.getByRole('log');
    await waitFor(() => expect(within(log).getByText('Got it.')).toBeInTheDocument(), { timeout: 10_000 });
    const chip = within(log).getByText('Pasted text').closest('[data-xagent-pasted-text]') as HTMLElement;
    expect(chip).toHaveTextContent('60 lines');
    expect(log.textContent).not.toContain('line 59');
    await user.click(within(chip).getByRole('button', { name: 'Show pasted text' }));
    expect(chip.querySelector('pre')?.textContent).toBe(long);
  });
});
