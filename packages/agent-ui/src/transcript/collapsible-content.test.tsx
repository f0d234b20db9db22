import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CollapsibleContent } from './collapsible-content.js';

/** jsdom has no layout: the content's height is what the test says. */
function contentHeight(px: number) {
  return vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(px);
}

describe('CollapsibleContent', () => {
  afterEach(() => vi.restoreAllMocks());

  it('collapses tall content behind a Show more / Show less button (aria-expanded, keyboard)', async () => {
    contentHeight(2_000);
    const user = userEvent.setup();
    const { container } = render(<CollapsibleContent>A very long message</CollapsibleContent>);
    const more = screen.getByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(container.querySelector('[data-xagent-collapsed]')).toHaveStyle({ maxHeight: '320px', overflow: 'hidden' });
    expect(document.getElementById(more.getAttribute('aria-controls')!)).toHaveTextContent('A very long message');
    more.focus();
    await user.keyboard('{Enter}');
    const less = screen.getByRole('button', { name: 'Show less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    expect(container.querySelector('[data-xagent-collapsed]')).toBeNull();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Show more' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('measures at mount, then only through the resize observer (no forced layout when the row re-renders)', () => {
    const height = contentHeight(100);
    const observed: Array<{ target: Element; callback: ResizeObserverCallback }> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private callback: ResizeObserverCallback) {}
        observe(target: Element) {
          observed.push({ target, callback: this.callback });
        }
        disconnect() {}
        unobserve() {}
      },
    );
    // A row re-rendering passes new (equal) children each time.
    const { rerender } = render(<CollapsibleContent><span>Short</span></CollapsibleContent>);
    const reads = height.mock.calls.length;
    expect(reads).toBeGreaterThan(0);
    rerender(<CollapsibleContent><span>Short</span></CollapsibleContent>);
    rerender(<CollapsibleContent><span>Short</span></CollapsibleContent>);
    expect(height.mock.calls.length).toBe(reads);
    // Each render observes again, so the observer (after layout) reports changed content.
    expect(observed.length).toBe(3);
    height.mockReturnValue(2_000);
    act(() => observed.at(-1)!.callback([], {} as ResizeObserver));
    expect(screen.getByRole('button', { name: 'Show more' })).toBeInTheDocument();
    expect(observed.at(-1)!.target).toHaveTextContent('Short');
    vi.unstubAllGlobals();
  });

  it('leaves short content alone: no button, no clipping', () => {
    contentHeight(100);
    const { container } = render(<CollapsibleContent>Short</CollapsibleContent>);
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.querySelector('[data-xagent-collapsed]')).toBeNull();
  });
});
