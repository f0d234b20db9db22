import { render, screen } from '@testing-library/react';
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
});
