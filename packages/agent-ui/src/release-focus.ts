'use client';
import { useLayoutEffect, type RefObject } from 'react';

/**
 * Blurs the focused element when the component unmounts with focus inside `ref`, before its DOM
 * is removed. Browsers fire no `focusout` when a focused element is removed, so React DOM keeps
 * its module-level pointer to the last focused input, and through that one node's parent links the
 * whole removed chat stays in memory until focus moves somewhere else (bench S8: ~1,500 detached
 * nodes after closing a chat whose composer had focus). A blur first lets React clear it; for the
 * user nothing changes — focus would land on `<body>` either way.
 */
export function useReleaseFocusOnUnmount(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const container = ref.current;
    return () => {
      const active = container?.ownerDocument.activeElement;
      if (container && active instanceof HTMLElement && container.contains(active)) active.blur();
    };
  }, [ref]);
}
