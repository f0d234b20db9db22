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
  it('blurs the focused element inside before the DOM is removed', () => {
    const seen: { connected: boolean }[] = [];
    const onFocusOut = (event: FocusEvent) => seen.push({ connected: (event.target as Node).isConnected });
    document.addEventListener('focusout', onFocusOut);
    const { getByLabelText, unmount } = render(<Panel />);
    getByLabelText('Message').focus();
    unmount();
    document.removeEventListener('focusout', onFocusOut);
    expect(seen).toEqual([{ connected: true }]);
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
