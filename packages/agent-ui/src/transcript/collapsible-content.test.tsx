import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** jsdom has no layout: the content's height is what the test says. */
function contentHeight(px: number) {
  return vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(px);
}

/**
 * A ResizeObserver the test drives (jsdom's never reports), and the component loaded fresh so that
 * its shared observer is this one. `report()` is what the browser does after layout: it reports
 * every observed element.
 */
async function withObserver() {
  const observers: Array<{ callback: ResizeObserverCallback; targets: Set<Element> }> = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      targets = new Set<Element>();
      constructor(callback: ResizeObserverCallback) {
        observers.push({ callback, targets: this.targets });
      }
      observe(target: Element) {
        this.targets.add(target);
      }
      unobserve(target: Element) {
        this.targets.delete(target);
      }
      disconnect() {
        this.targets.clear();
      }
    },
  );
  vi.resetModules();
  const { CollapsibleContent } = await import('./collapsible-content.js');
  const report = () =>
    act(() => {
      for (const { callback, targets } of observers) callback([...targets].map((target) => ({ target }) as ResizeObserverEntry), {} as ResizeObserver);
    });
  return { CollapsibleContent, observers, report };
}

describe('CollapsibleContent', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('collapses tall content behind a Show more / Show less button (aria-expanded, keyboard)', async () => {
    contentHeight(2_000);
    const { CollapsibleContent, report } = await withObserver();
    const user = userEvent.setup();
    const { container } = render(<CollapsibleContent>A very long message</CollapsibleContent>);
    report();
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

  it('measures through one shared resize observer (after layout, before paint), never by forcing a layout in the commit', async () => {
    const height = contentHeight(100);
    const { CollapsibleContent, observers, report } = await withObserver();
    // Two sent messages, and a row that re-renders with new (equal) children: no read in the commit.
    const { rerender } = render(
      <>
        <CollapsibleContent><span>One</span></CollapsibleContent>
        <CollapsibleContent><span>Two</span></CollapsibleContent>
      </>,
    );
    rerender(
      <>
        <CollapsibleContent><span>One</span></CollapsibleContent>
        <CollapsibleContent><span>Two</span></CollapsibleContent>
      </>,
    );
    expect(height).not.toHaveBeenCalled();
    expect(observers).toHaveLength(1);
    expect(observers[0]!.targets.size).toBe(2);
    report();
    expect(height).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button')).toBeNull();
    // The content grew (or the width shrank): the observer reports, both collapse.
    height.mockReturnValue(2_000);
    report();
    expect(screen.getAllByRole('button', { name: 'Show more' })).toHaveLength(2);
  });

  it('leaves short content alone: no button, no clipping', async () => {
    contentHeight(100);
    const { CollapsibleContent, report } = await withObserver();
    const { container } = render(<CollapsibleContent>Short</CollapsibleContent>);
    report();
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.querySelector('[data-xagent-collapsed]')).toBeNull();
  });

  it('without ResizeObserver, measures once at mount', async () => {
    contentHeight(2_000);
    vi.stubGlobal('ResizeObserver', undefined);
    vi.resetModules();
    const { CollapsibleContent } = await import('./collapsible-content.js');
    render(<CollapsibleContent>A very long message</CollapsibleContent>);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeInTheDocument();
  });
});
