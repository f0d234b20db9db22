import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const rendered = vi.hoisted(() => [] as Array<{ text: string; inDocument: boolean; removed: boolean }>);
const highlighter = vi.hoisted(() => ({ resolve: () => {}, preload: vi.fn() }));

// What the warm-up renders and when: the sample markdown (recorded with whether its element is in
// the page) and the highlighter's chunk (resolved by the test).
vi.mock('./streaming-markdown.js', () => ({
  StreamingMarkdown: ({ text }: { text: string }) => (
    <div
      ref={(element) => {
        if (element) rendered.push({ text, inDocument: element.isConnected, removed: false });
        else rendered.at(-1)!.removed = true;
      }}
      data-testid="sample"
    />
  ),
}));
vi.mock('./code-block.js', () => ({ HighlightedCode: { preload: highlighter.preload } }));

describe('MarkdownWarmUp', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    rendered.length = 0;
    highlighter.preload.mockImplementation(() => new Promise<void>((resolve) => (highlighter.resolve = resolve)));
  });
  afterEach(() => vi.useRealTimers());

  it('renders a sample reply once, off the page, when idle; removes it once the highlighter is there', async () => {
    const { MarkdownWarmUp } = await import('./markdown-warm-up.js');
    const { unmount } = render(<MarkdownWarmUp />);
    expect(rendered).toHaveLength(0);
    await act(async () => void vi.advanceTimersByTime(1_000));
    expect(rendered).toHaveLength(1);
    // A reply's usual parts: a table, a list, a link, highlighted code.
    expect(rendered[0]!.text).toMatch(/\| --- \|/);
    expect(rendered[0]!.text).toMatch(/```ts\n/);
    expect(rendered[0]!.text).toMatch(/\[a link\]\(https:\/\/example\.com\/\)/);
    // Not in the document: nothing shows, nothing is announced, no query finds it.
    expect(rendered[0]!.inDocument).toBe(false);
    expect(document.querySelector('[data-testid="sample"]')).toBeNull();
    expect(highlighter.preload).toHaveBeenCalledTimes(1);
    // Still there until the highlighter's chunk has loaded (it renders the sample's code block).
    await act(async () => void vi.advanceTimersByTime(5_000));
    expect(rendered).toHaveLength(1);
    expect(rendered[0]!.removed).toBe(false);
    await act(async () => {
      highlighter.resolve();
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(rendered[0]!.removed).toBe(true);
    unmount();
    // Once per page: a second chat does not warm up again.
    render(<MarkdownWarmUp />);
    await act(async () => void vi.advanceTimersByTime(5_000));
    expect(rendered).toHaveLength(1);
  });

  it('a chat that unmounts before the idle moment renders nothing', async () => {
    const { MarkdownWarmUp } = await import('./markdown-warm-up.js');
    const { unmount } = render(<MarkdownWarmUp />);
    unmount();
    await act(async () => void vi.advanceTimersByTime(5_000));
    expect(rendered).toHaveLength(0);
    expect(highlighter.preload).not.toHaveBeenCalled();
  });
});
