'use client';
import { useLayoutEffect, type RefObject } from 'react';

/**
 * Releases the focus when the component unmounts with focus inside `ref`.
 *
 * Browsers fire no `focusout` when a focused element is removed, and React DOM ignores events that
 * fire during its own commit (a `blur()` from an unmount cleanup is one). So React DOM's module-level
 * pointer to the last focused text field keeps the removed field — and through its parent links the
 * whole removed chat — in memory until focus next changes in that React root (bench S8: ~1,300
 * detached nodes after closing a chat whose composer had focus).
 *
 * Here the focused element is blurred before its DOM goes (for the user nothing changes: focus would
 * land on `<body>` either way), and right after the commit a `focusout` is dispatched from the
 * nearest ancestor still in the document, so React DOM lets go of the removed field.
 */
export function useReleaseFocusOnUnmount(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const container = ref.current;
    return () => {
      const active = container?.ownerDocument.activeElement;
      if (!container || !(active instanceof HTMLElement) || !container.contains(active)) return;
      const ancestors: Element[] = [];
      for (let node = container.parentElement; node; node = node.parentElement) ancestors.push(node);
      active.blur();
      queueMicrotask(() => {
        const target = ancestors.find((node) => node.isConnected);
        target?.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }));
      });
    };
  }, [ref]);
}
