import { afterEach, describe, expect, it, vi } from 'vitest';

describe('observeHeight', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('one observer for all elements; a report reads every height before any listener runs; stopping unobserves', async () => {
    let deliver: ResizeObserverCallback = () => {};
    const observed = new Set<Element>();
    let created = 0;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          created++;
          deliver = callback;
        }
        observe = (target: Element) => observed.add(target);
        unobserve = (target: Element) => observed.delete(target);
        disconnect() {}
      },
    );
    vi.resetModules();
    const { observeHeight } = await import('./shared-height-observer.js');
    const log: string[] = [];
    const element = (name: string, height: number) => {
      const node = document.createElement('div');
      Object.defineProperty(node, 'scrollHeight', { get: () => (log.push(`read ${name}`), height) });
      return node;
    };
    const a = element('a', 10);
    const b = element('b', 20);
    observeHeight(a, (height) => log.push(`a ${height}`));
    const stopB = observeHeight(b, (height) => log.push(`b ${height}`));
    expect(created).toBe(1);
    deliver([{ target: a }, { target: b }] as unknown as ResizeObserverEntry[], {} as ResizeObserver);
    expect(log).toEqual(['read a', 'read b', 'a 10', 'b 20']);
    stopB();
    expect(observed.has(b)).toBe(false);
    expect(observed.has(a)).toBe(true);
  });
});
