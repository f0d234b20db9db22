import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AgentComposer } from './composer.js';

function fileInput(container: HTMLElement): HTMLInputElement {
  return container.querySelector('input[type="file"]')!;
}

/** A fetch whose answers the test gives, one per call. */
function deferredFetch() {
  const pending: { resolve: (response: Response) => void; url: string }[] = [];
  const fetch = vi.fn(
    (input: RequestInfo | URL) =>
      new Promise<Response>((resolve) => {
        pending.push({ resolve, url: String(input) });
      }),
  );
  return { fetch: fetch as unknown as typeof globalThis.fetch, pending };
}

const reference = (id: string, filename: string) =>
  new Response(JSON.stringify({ id, url: `/api/agent/assistant/files/${id}?exp=9&sig=s`, mediaType: 'image/png', size: 10, filename }), {
    status: 201,
    headers: { 'content-type': 'application/json' },
  });

describe('AgentComposer uploads', () => {
  it('uploads each attachment at once with a progress bar, and sends the references', async () => {
    const { fetch, pending } = deferredFetch();
    const onSend = vi.fn(() => true);
    const user = userEvent.setup();
    const { container } = render(<AgentComposer onSend={onSend} attachments={{ upload: { uploadApi: '/api/agent/assistant/files', fetch } }} />);
    await user.upload(fileInput(container), new File(['x'.repeat(10)], 'cat.png', { type: 'image/png' }));
    const bar = screen.getByRole('progressbar', { name: 'Uploading “cat.png”' });
    expect(bar).toHaveAttribute('value', '0');
    // The upload request loads with the first file attached, then the upload starts.
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(pending[0]!.url).toBe('/api/agent/assistant/files?filename=cat.png');
    // Send waits for the upload.
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'look{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    pending[0]!.resolve(reference('file-1', 'cat.png'));
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    const sent = (onSend.mock.calls[0] as unknown as [{ text: string; files: { url: string; filename: string; mediaType: string }[] }])[0];
    expect(sent.text).toBe('look');
    expect(sent.files).toEqual([{ type: 'file', mediaType: 'image/png', filename: 'cat.png', url: 'http://localhost:3000/api/agent/assistant/files/file-1?exp=9&sig=s' }]);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('shows a failed upload with the server’s reason and does not send until it is removed', async () => {
    const { fetch, pending } = deferredFetch();
    const onSend = vi.fn(() => true);
    const user = userEvent.setup();
    const { container } = render(<AgentComposer onSend={onSend} attachments={{ upload: { uploadApi: '/api/agent/assistant/files', fetch } }} />);
    await user.upload(fileInput(container), new File(['x'], 'huge.png', { type: 'image/png' }));
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0]!.resolve(new Response(JSON.stringify({ error: { code: 'payload_too_large', message: 'The file is larger than 10 bytes.' } }), { status: 413 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('“huge.png” could not be uploaded: The file is larger than 10 bytes. Remove it to send.');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'text{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove attachment: huge.png' }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ text: 'text' }));
  });

  it('without uploads caps inline files at 512 KiB with a clear message', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentComposer onSend={() => true} attachments />);
    await user.upload(fileInput(container), new File([new Uint8Array(512 * 1024 + 1)], 'photo.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent('“photo.png” is larger than 512 KB and was not attached.');
    expect(screen.queryByRole('button', { name: /Remove attachment/ })).toBeNull();
  });
});
