import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFollowBottom } from './follow-bottom.js';

/** A ResizeObserver the test drives (jsdom's never reports): `report()` is the browser's callback after a layout. */
function stubObserver() {
  const callbacks: ResizeObserverCallback[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: ResizeObserverCallback) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return () => act(() => callbacks.forEach((callback) => callback([], {} as ResizeObserver)));
}

/** A scroll container whose layout reads are counted: `scrollTop` read right after a commit makes the browser lay out. */
function scroller(element: HTMLDivElement, box: { height: number; view: number; top: number; reads: number }) {
  Object.defineProperty(element, 'scrollHeight', { configurable: true, get: () => box.height });
  Object.defineProperty(element, 'clientHeight', { configurable: true, get: () => box.view });
  Object.defineProperty(element, 'scrollTop', {
    configurable: true,
    get: () => (box.reads++, box.top),
    set: (value: number) => (box.top = Math.max(0, Math.min(value, box.height - box.view))),
  });
}

function Transcript({ box, following }: { box: Parameters<typeof scroller>[1]; following: { current: boolean } }) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const innerRef = useRef<HTMLDivElement>(null);
  useFollowBottom(scrollRef, innerRef, following);
  return (
    <div ref={(element) => { if (element) scroller(element, box); scrollRef.current = element; }} data-testid="log">
      <div ref={innerRef} />
    </div>
  );
}

describe('useFollowBottom', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads no layout when it mounts; follows growth at the bottom; a scroll up stops following', () => {
    const report = stubObserver();
    const box = { height: 2_000, view: 500, top: 0, reads: 0 };
    const following = { current: true };
    const { getByTestId } = render(<Transcript box={box} following={following} />);
    expect(box.reads).toBe(0);
    // The observer's first callback (after the browser's layout): to the bottom.
    report();
    expect(box.top).toBe(1_500);
    box.height = 2_600;
    report();
    expect(box.top).toBe(2_100);
    // The user scrolls up: following stops, and growth no longer moves the view.
    box.top = 1_200;
    act(() => getByTestId('log').dispatchEvent(new Event('scroll')));
    expect(following.current).toBe(false);
    box.height = 3_000;
    report();
    expect(box.top).toBe(1_200);
    // Back at the bottom: following again.
    box.top = 2_500;
    act(() => getByTestId('log').dispatchEvent(new Event('scroll')));
    expect(following.current).toBe(true);
  });

  it('a scroll before the first layout callback does not count as moving up', () => {
    stubObserver();
    const box = { height: 2_000, view: 500, top: 800, reads: 0 };
    const following = { current: true };
    const { getByTestId } = render(<Transcript box={box} following={following} />);
    act(() => getByTestId('log').dispatchEvent(new Event('scroll')));
    expect(following.current).toBe(true);
  });
});
