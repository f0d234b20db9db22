import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NearViewportContext } from './deferred-markdown.js';
import type { NearView } from './near-view.js';
import { StreamingMarkdown } from './streaming-markdown.js';

/** A long reply (over 6,000 characters) of 40 paragraphs, each with a bold number. */
const longReply = Array.from({ length: 40 }, (_, i) => `Paragraph **${i}** ${'is long enough to matter. '.repeat(8)}`).join('\n\n');

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

  it('long text that never streamed and shows at once (a reply that came whole) parses its last blocks first, the rest after the paint', async () => {
    expect(longReply.length).toBeGreaterThan(6000);
    const { container } = render(<StreamingMarkdown text={longReply} />);
    const pending = () => container.querySelectorAll('[data-xagent-markdown-pending]');
    // 39 finished blocks and a tail: the last 6 and the tail parsed, 33 plain text (nothing missing).
    expect(pending()).toHaveLength(33);
    expect(container.querySelectorAll('strong')).toHaveLength(7);
    expect(container).toHaveTextContent('Paragraph 39 is long enough');
    expect(pending()[0]).toHaveTextContent('Paragraph **0** is long enough');
    // The plain text is laid out only near the view, with a height estimated from its lines.
    const sheet = document.head.querySelector('style[data-href="xagent-ui"]');
    expect(sheet?.textContent).toContain('[data-xagent-markdown-pending]{white-space:pre-wrap;overflow-wrap:anywhere;margin:0;content-visibility:auto}');
    expect((pending()[0] as HTMLElement).style.containIntrinsicBlockSize).toMatch(/^auto \d+(\.\d+)?em$/);
    await waitFor(() => expect(pending()).toHaveLength(0));
    expect(container.querySelectorAll('strong')).toHaveLength(40);
  });

  it('long text stays one document when it defines link references, or when its row waits for the view', () => {
    const withReference = `${longReply}\n\nSee [the docs][1].\n\n[1]: https://example.com/docs`;
    const first = render(<StreamingMarkdown text={withReference} />);
    expect(first.container.querySelectorAll('[data-xagent-markdown-pending]')).toHaveLength(0);
    expect(first.getByRole('link', { name: 'the docs' })).toHaveAttribute('href', 'https://example.com/docs');
    first.unmount();
    const never: NearView = { watch: () => () => {} };
    const { container } = render(
      <NearViewportContext.Provider value={never}>
        <StreamingMarkdown text={longReply} />
      </NearViewportContext.Provider>,
    );
    // One placeholder for the whole text (parsed when it comes near the view), not one per block.
    expect(container.querySelectorAll('[data-xagent-markdown-pending]')).toHaveLength(1);
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
