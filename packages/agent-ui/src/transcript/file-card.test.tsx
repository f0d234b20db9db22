import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileCard } from './file-card.js';

describe('FileCard (loaded on demand)', () => {
  it('shows the file name at once, then the Ant Design X card', async () => {
    const { container } = render(<FileCard name="report.pdf" size="small" />);
    expect(screen.getByText('report.pdf')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.ant-file-card')).not.toBeNull(), { timeout: 10_000 });
    expect(container.querySelector('.ant-file-card')).toHaveTextContent('report');
    expect(container.querySelector('[data-xagent-file-placeholder]')).toBeNull();
  });

  it('shows an image with its alt text before and after the card arrives', async () => {
    const src = 'data:image/png;base64,iVBORw0KGgo=';
    render(<FileCard name="photo.png" type="image" src={src} size="small" imageProps={{ alt: 'holiday photo' }} />);
    expect(screen.getByRole('img', { name: 'holiday photo' })).toHaveAttribute('src', src);
    await waitFor(() => expect(document.querySelector('.ant-file-card img')).not.toBeNull(), { timeout: 10_000 });
    expect(screen.getByRole('img', { name: 'holiday photo' })).toHaveAttribute('src', src);
  });
});
