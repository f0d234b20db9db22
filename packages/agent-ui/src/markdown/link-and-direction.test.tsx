import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StreamingMarkdown } from './streaming-markdown.js';

describe('markdown links and text direction', () => {
  it('underlines links (not told apart by colour only) and lets the text pick its direction', () => {
    const { container } = render(<StreamingMarkdown text="Hello! See [the docs](https://example.com/docs) for more." />);
    const link = screen.getByRole('link', { name: 'the docs' });
    expect(getComputedStyle(link).textDecorationLine).toBe('underline');
    expect(container.querySelector('[data-xagent-markdown]')).toHaveAttribute('dir', 'auto');
  });
});
