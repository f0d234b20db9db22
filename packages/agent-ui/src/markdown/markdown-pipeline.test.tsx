import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The markdown chunk, held back until the test lets it load (or fail once).
const chunk = vi.hoisted(() => ({ open: Promise.resolve(), let: () => {}, failNext: false, loads: 0 }));

/** A fresh module graph: the page before the markdown chunk has run. */
async function freshPage() {
  vi.resetModules();
  chunk.open = new Promise<void>((resolve) => (chunk.let = resolve));
  vi.doMock('./markdown-parts.js', async (importOriginal) => {
    chunk.loads++;
    await chunk.open;
    if (chunk.failNext) {
      chunk.failNext = false;
      throw new Error('offline');
    }
    return importOriginal();
  });
  const { StreamingMarkdown } = await import('./streaming-markdown.js');
  const { loadMarkdownPipeline } = await import('./markdown-pipeline.js');
  return { StreamingMarkdown, loadMarkdownPipeline };
}

const REPLY = 'Some **bold** text and a [link](https://example.com/).';

describe('the markdown pipeline, a chunk of its own', () => {
  beforeEach(() => {
    chunk.loads = 0;
    chunk.failNext = false;
  });

  it('is fetched as the chat code runs; until it ran, a reply shows as its plain text, then as markdown', async () => {
    const { StreamingMarkdown, loadMarkdownPipeline } = await freshPage();
    // Fetched by importing the chat's code, before anything renders.
    expect(chunk.loads).toBe(1);
    const { container } = render(<StreamingMarkdown text={REPLY} />);
    const pending = container.querySelector('[data-xagent-markdown-pending]');
    expect(pending).toHaveTextContent(REPLY);
    expect(container.querySelector('strong')).toBeNull();
    await act(async () => {
      chunk.let();
      await loadMarkdownPipeline();
    });
    expect(container.querySelector('[data-xagent-markdown-pending]')).toBeNull();
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    expect(screen.getByRole('link', { name: 'link' })).toHaveAttribute('href', 'https://example.com/');
    expect(chunk.loads).toBe(1);
  });

  it('a reply streaming before it ran shows its text so far, then its markdown, and keeps streaming', async () => {
    const { StreamingMarkdown, loadMarkdownPipeline } = await freshPage();
    const { container, rerender } = render(<StreamingMarkdown text="First **para" streaming />);
    expect(container).toHaveTextContent('First **para');
    await act(async () => {
      chunk.let();
      await loadMarkdownPipeline();
    });
    // The open tail is closed as it is while streaming.
    expect(container.querySelector('strong')).toHaveTextContent('para');
    rerender(<StreamingMarkdown text={'First **paragraph**.\n\nSecond'} streaming />);
    expect(container.querySelectorAll('strong')).toHaveLength(1);
    expect(container.querySelector('strong')).toHaveTextContent('paragraph');
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('renders the plain text on the server and while hydrating, then the markdown, with no mismatch', async () => {
    const { StreamingMarkdown, loadMarkdownPipeline } = await freshPage();
    chunk.let();
    await loadMarkdownPipeline();
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<StreamingMarkdown text={REPLY} />);
    expect(container.querySelector('[data-xagent-markdown-pending]')).toHaveTextContent(REPLY);
    const recoverable = vi.fn();
    document.body.append(container);
    const root = await act(async () => hydrateRoot(container, <StreamingMarkdown text={REPLY} />, { onRecoverableError: recoverable }));
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('a chunk that failed to load leaves the plain text; the next reply that mounts fetches it again', async () => {
    const { StreamingMarkdown, loadMarkdownPipeline } = await freshPage();
    chunk.failNext = true;
    const { container, unmount } = render(<StreamingMarkdown text={REPLY} />);
    await act(async () => {
      chunk.let();
      await loadMarkdownPipeline().catch(() => {});
    });
    // Nothing lost: the reply's text is there.
    expect(container.querySelector('[data-xagent-markdown-pending]')).toHaveTextContent(REPLY);
    unmount();
    const again = render(<StreamingMarkdown text={REPLY} />);
    await act(async () => {
      await loadMarkdownPipeline();
    });
    expect(again.container.querySelector('strong')).toHaveTextContent('bold');
  });
});
