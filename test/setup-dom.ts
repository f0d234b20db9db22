// jsdom lacks the layout APIs Ant Design X uses (Bubble.List scrolling, Sender autosize, antd's
// responsive hooks). These stand-ins do nothing; tests assert behaviour, not layout.
import '@testing-library/jest-dom/vitest';

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
Element.prototype.scrollTo ??= function scrollTo() {};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// Unmount after every test (Testing Library registers this itself only with Vitest globals on), then
// let trailing timers (throttled store updates) run while the jsdom window still exists.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 50));
});

