import { render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useReleaseFocusOnUnmount } from './release-focus.js';

function Panel() {
  const ref = useRef<HTMLDivElement>(null);
  useReleaseFocusOnUnmount(ref);
  return (
    <div ref={ref}>
      <textarea aria-label="Message" />
    </div>
  );
}

describe('useReleaseFocusOnUnmount', () => {
  it('blurs the focused element before the DOM is removed, then tells React DOM from an ancestor still in the page', async () => {
    const seen: { tag: string; connected: boolean }[] = [];
    const onFocusOut = (event: FocusEvent) => {
      const target = event.target as Element;
      seen.push({ tag: target.tagName, connected: target.isConnected });
    };
    document.addEventListener('focusout', onFocusOut);
    const { getByLabelText, unmount, container } = render(<Panel />);
    getByLabelText('Message').focus();
    unmount();
    // During React's commit only the blur itself (React DOM ignores it there)…
    expect(seen).toEqual([{ tag: 'TEXTAREA', connected: true }]);
    // …and right after it, a focusout React DOM does see: from the root container, still in the page.
    await Promise.resolve();
    document.removeEventListener('focusout', onFocusOut);
    expect(seen).toEqual([
      { tag: 'TEXTAREA', connected: true },
      { tag: container.tagName, connected: true },
    ]);
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves focus outside the component alone', () => {
    const outside = document.body.appendChild(document.createElement('input'));
    const { unmount } = render(<Panel />);
    outside.focus();
    unmount();
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });
});
