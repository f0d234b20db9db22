import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AgentComposer } from './composer.js';

function fileInput(container: HTMLElement): HTMLInputElement {
  return container.querySelector('input[type="file"]')!;
}

describe('AgentComposer', () => {
  it('refuses files by type and size with a visible message, and sends the accepted ones as file parts', async () => {
    const onSend = vi.fn(() => true);
    const user = userEvent.setup({ applyAccept: false });
    const { container } = render(<AgentComposer onSend={onSend} attachments={{ accept: 'image/*,.pdf', maxSize: 1024 }} />);
    await user.upload(fileInput(container), [
      new File(['x'.repeat(10)], 'ok.png', { type: 'image/png' }),
      new File(['x'.repeat(2048)], 'big.pdf', { type: 'application/pdf' }),
      new File(['x'], 'notes.exe', { type: 'application/x-msdownload' }),
    ]);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('“big.pdf” is larger than 1 KB and was not attached.');
    expect(alert).toHaveTextContent('“notes.exe” is not an accepted file type and was not attached.');
    expect(screen.getByRole('button', { name: 'Remove attachment: ok.png' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'see attached{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    const sent = (onSend.mock.calls[0] as unknown as [{ text: string; files: { filename: string; mediaType: string; url: string }[] }])[0];
    expect(sent.text).toBe('see attached');
    expect(sent.files.map((file) => [file.filename, file.mediaType])).toEqual([['ok.png', 'image/png']]);
    expect(sent.files[0]!.url).toMatch(/^data:image\/png;base64,/);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Remove attachment/ })).toBeNull());
    expect(screen.getByRole('textbox')).toHaveValue('');
  });

  it('keeps the text when the send is refused, and names its buttons', async () => {
    const user = userEvent.setup();
    render(<AgentComposer onSend={() => false} attachments />);
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'draft{Enter}');
    expect(screen.getByRole('textbox')).toHaveValue('draft');
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('shows a named stop button while busy', async () => {
    const onStop = vi.fn();
    const user = userEvent.setup();
    const { container } = render(<AgentComposer onSend={() => true} busy onStop={onStop} />);
    const stop = within(container).getByRole('button', { name: 'Stop' });
    // Ant Design X's stop icon, still: no SVG animation (the stories check that no CSS one runs).
    expect(stop.querySelector('.x-agent-stop-icon svg rect')).not.toBeNull();
    expect(stop.querySelector('animateTransform, animate, animateMotion, set')).toBeNull();
    // A bare composer (no kit provider above) brings the kit's stylesheet, which sizes the icon.
    expect([...document.head.querySelectorAll('style[data-href="xagent-ui"]')].some((sheet) => sheet.textContent?.includes('.x-agent-stop-icon{'))).toBe(true);
    await user.click(stop);
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('asks the browser for no microphone permission at mount (no dictation: Sender re-rendered on its answer)', async () => {
    const query = vi.fn(() => Promise.resolve({ state: 'prompt', onchange: null }));
    const had = Object.getOwnPropertyDescriptor(navigator, 'permissions');
    Object.defineProperty(navigator, 'permissions', { configurable: true, value: { query } });
    try {
      const user = userEvent.setup();
      render(<AgentComposer onSend={() => true} />);
      await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hi');
      expect(query).not.toHaveBeenCalled();
      // Sender's own speech button stays out: the composer's actions are the kit's.
      expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Send']);
    } finally {
      if (had) Object.defineProperty(navigator, 'permissions', had);
      else delete (navigator as { permissions?: unknown }).permissions;
    }
  });

  it('takes files dropped on it and pasted into it, refusing the wrong ones visibly', async () => {
    const { container } = render(<AgentComposer onSend={() => true} attachments={{ accept: 'image/*' }} />);
    const composer = container.querySelector('[data-xagent-composer]')!;
    fireEvent.drop(composer, { dataTransfer: { files: [new File(['x'], 'photo.jpg', { type: 'image/jpeg' }), new File(['x'], 'doc.pdf', { type: 'application/pdf' })] } });
    expect(screen.getByRole('button', { name: 'Remove attachment: photo.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('“doc.pdf” is not an accepted file type');
    fireEvent.paste(screen.getByRole('textbox'), { clipboardData: { files: [new File(['x'], 'shot.png', { type: 'image/png' })], getData: () => '' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove attachment: shot.png' })).toBeInTheDocument());
  });
});
