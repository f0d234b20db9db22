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

  it('keeps code left to right in a right-to-left reply: a block reads LTR, inline code takes its own direction', () => {
    // An Arabic reply's markdown resolves to rtl (dir=auto): without this, `});` shows as `;({` and
    // `<Chat id="a" />` breaks apart around the quotes.
    const { container } = render(<StreamingMarkdown text={'مرحبا `<Chat id="a" />` هنا\n\n```ts\nconst a = f({ b: 1 });\n```\n'} />);
    const pre = container.querySelector('pre')!;
    expect(getComputedStyle(pre).direction).toBe('ltr');
    expect(getComputedStyle(pre.querySelector('code')!).unicodeBidi).not.toBe('plaintext');
    const inline = [...container.querySelectorAll('code')].find((code) => !code.closest('pre'))!;
    expect(inline).toHaveTextContent('<Chat id="a" />');
    expect(getComputedStyle(inline).unicodeBidi).toBe('plaintext');
  });
});
