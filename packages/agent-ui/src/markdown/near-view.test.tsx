import { act, render, renderHook } from '@testing-library/react';
import { useRef, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NearViewContext, onceNear, useNearView, useScrollNearView, type NearView } from './near-view.js';

/** A view whose elements' nearness the test sets. */
function scriptedView() {
  const listeners = new Map<Element, (near: boolean) => void>();
  const view: NearView = {
    watch: vi.fn((element: Element, listener: (near: boolean) => void) => {
      listeners.set(element, listener);
      return () => void listeners.delete(element);
    }),
  };
  return { view, set: (near: boolean) => listeners.forEach((listener) => listener(near)), listeners };
}

function Probe({ onNear }: { onNear: (near: boolean) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  onNear(useNearView(ref));
  return <div ref={ref} />;
}

describe('near-view', () => {
  it('an element inside a scroll container follows that container’s view, both ways', () => {
    const { view, set, listeners } = scriptedView();
    const seen: boolean[] = [];
    const wrapper = ({ children }: { children: ReactNode }) => <NearViewContext.Provider value={view}>{children}</NearViewContext.Provider>;
    const { unmount } = render(<Probe onNear={(near) => seen.push(near)} />, { wrapper });
    expect(view.watch).toHaveBeenCalledTimes(1);
    act(() => set(false));
    act(() => set(true));
    expect(seen.at(-1)).toBe(true);
    act(() => set(false));
    expect(seen.at(-1)).toBe(false);
    unmount();
    expect(listeners.size).toBe(0);
  });

  it('a scroll container’s view observes with the container as the root (its margin applies there, not at the page’s edge)', () => {
    const roots: Array<Element | Document | null | undefined> = [];
    class RecordingObserver {
      constructor(_callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        roots.push(options?.root);
      }
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    }
    vi.stubGlobal('IntersectionObserver', RecordingObserver);
    try {
      const container = document.createElement('div');
      const { result, unmount } = renderHook(() => useScrollNearView({ current: container }));
      result.current.watch(document.createElement('p'), () => {});
      expect(roots).toEqual([container]);
      unmount();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('onceNear calls back the first time only, and stops watching', () => {
    const { view, set, listeners } = scriptedView();
    const onNear = vi.fn();
    onceNear(view, document.createElement('p'), onNear);
    set(false);
    set(true);
    set(true);
    expect(onNear).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(0);
  });
});
