import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StreamingMarkdown } from './streaming-markdown.js';

describe('StreamingMarkdown', () => {
  it('renders text that never streamed as one document (a reference link defined in a later block resolves)', () => {
    render(<StreamingMarkdown text={'See [the docs][1] first.\n\nThen ask.\n\n[1]: https://example.com/docs'} />);
    expect(screen.getByRole('link', { name: 'the docs' })).toHaveAttribute('href', 'https://example.com/docs');
    expect(screen.getByText('Then ask.')).toBeInTheDocument();
  });

  it('keeps streamed text split into blocks: the end of the stream re-renders no finished block', () => {
    const { rerender } = render(<StreamingMarkdown text="First paragraph." streaming />);
    rerender(<StreamingMarkdown text={'First paragraph.\n\nSecond'} streaming />);
    rerender(<StreamingMarkdown text={'First paragraph.\n\nSecond paragraph.'} streaming />);
    const first = screen.getByText('First paragraph.');
    rerender(<StreamingMarkdown text={'First paragraph.\n\nSecond paragraph.'} streaming={false} />);
    // The finished block's DOM survives the end of the stream (it was not parsed again).
    expect(screen.getByText('First paragraph.')).toBe(first);
    expect(screen.getByText('Second paragraph.')).toBeInTheDocument();
  });

  it('a burst (many blocks in one frame) parses the last 6 blocks and the tail at once, the rest after the paint', async () => {
    const paragraphs = Array.from({ length: 20 }, (_, i) => `Paragraph **${i}** is here.`);
    const { container, rerender } = render(<StreamingMarkdown text="Start" streaming />);
    // 19 completed blocks and a tail arrive in one update.
    rerender(<StreamingMarkdown text={paragraphs.join('\n\n')} streaming />);
    const pending = () => container.querySelectorAll('[data-xagent-markdown-pending]');
    expect(pending()).toHaveLength(13);
    // Plain text in place (nothing missing), the newest blocks parsed.
    expect(pending()[0]).toHaveTextContent('Paragraph **0** is here.');
    expect(container.querySelectorAll('strong')).toHaveLength(7);
    expect(container).toHaveTextContent('Paragraph 19 is here.');
    // After the paint, the rest is parsed; the stream's end re-parses nothing deferred.
    await waitFor(() => expect(pending()).toHaveLength(0));
    expect(container.querySelectorAll('strong')).toHaveLength(20);
    rerender(<StreamingMarkdown text={paragraphs.join('\n\n')} streaming={false} />);
    expect(container.querySelectorAll('strong')).toHaveLength(20);
    expect(pending()).toHaveLength(0);
  });

  it('a paced stream (a block or two per frame) parses every block at once', () => {
    const { container, rerender } = render(<StreamingMarkdown text="" streaming />);
    let text = '';
    for (let i = 0; i < 12; i++) {
      text += `${i ? '\n\n' : ''}Block **${i}**.`;
      rerender(<StreamingMarkdown text={text} streaming />);
      expect(container.querySelectorAll('[data-xagent-markdown-pending]')).toHaveLength(0);
    }
    expect(container.querySelectorAll('strong')).toHaveLength(12);
  });
});
