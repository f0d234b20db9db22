import { vi } from 'vitest';

/**
 * A scriptable IntersectionObserver for jsdom (which has no layout): every observed element starts
 * `near` (default true, as a page with everything on screen) and `set(near)` reports a change for all
 * of them. `install()` puts it in place of the global one; returns how to move elements.
 */
export function installFakeIntersection(near = true) {
  const observed = new Map<Element, IntersectionObserverCallback>();
  let current = near;
  const entry = (target: Element, isIntersecting: boolean) => ({ target, isIntersecting }) as IntersectionObserverEntry;
  class FakeIntersectionObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      observed.set(target, this.callback);
      // As a browser: the first observation comes after layout, not inside observe().
      queueMicrotask(() => {
        if (observed.has(target)) this.callback([entry(target, current)], this as unknown as IntersectionObserver);
      });
    }
    unobserve(target: Element) {
      observed.delete(target);
    }
    disconnect() {
      observed.clear();
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    set(near: boolean) {
      current = near;
      for (const [target, callback] of observed) callback([entry(target, near)], {} as IntersectionObserver);
    },
    restore: () => vi.unstubAllGlobals(),
  };
}
