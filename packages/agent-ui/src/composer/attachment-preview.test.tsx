import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentComposer } from './composer.js';

afterEach(() => vi.unstubAllGlobals());

describe('composer attachment preview', () => {
  it('shows an image attachment from an object URL and revokes the URL when it is removed', async () => {
    let n = 0;
    const create = vi.fn(() => `blob:http://localhost/preview-${++n}`);
    const revoke = vi.fn();
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: create, revokeObjectURL: revoke }));
    const user = userEvent.setup();
    const { container } = render(<AgentComposer onSend={() => true} attachments={{ accept: 'image/*' }} />);
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['png'], 'cat.png', { type: 'image/png' }));
    await waitFor(() => expect(container.querySelector('[data-xagent-composer] img')).not.toBeNull());
    const url = create.mock.results.at(-1)!.value as string;
    expect(container.querySelector('[data-xagent-composer] img')).toHaveAttribute('src', url);
    expect(screen.getByAltText('cat.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove attachment: cat.png' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith(url));
    expect(container.querySelector('[data-xagent-composer] img')).toBeNull();
  });

  it('never upscales a small image to the card: at most its natural size, aspect kept', async () => {
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: () => 'blob:http://localhost/tiny', revokeObjectURL: () => {} }));
    const user = userEvent.setup();
    const { container } = render(<AgentComposer onSend={() => true} attachments={{ accept: 'image/*' }} />);
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['png'], 'icon-16.png', { type: 'image/png' }));
    const img = await screen.findByAltText('icon-16.png');
    // FileCard's own rule is `width: 100%` (a 16 px icon drawn 268 px wide); the image's style wins.
    expect(getComputedStyle(img).width).toBe('auto');
    expect(img.style.maxWidth).toBe('100%');
    expect(img.style.objectFit).toBe('contain');
  });
});
