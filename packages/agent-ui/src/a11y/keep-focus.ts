'use client';
import { useLayoutEffect, type RefObject } from 'react';

/**
 * Keeps the focus inside `ref` when its controls turn disabled (a form sent by one of its buttons):
 * a focused control that becomes disabled drops the focus to `<body>`, so the container itself
 * (give it `tabIndex={-1}`) takes it instead. Runs in the commit that disables them, before the
 * browser moves the focus away.
 */
export function useKeepFocusWhenDisabled(ref: RefObject<HTMLElement | null>, disabled: boolean): void {
  useLayoutEffect(() => {
    const container = ref.current;
    if (!disabled || !container) return;
    const active = container.ownerDocument.activeElement;
    if (active && active !== container && container.contains(active) && (active as HTMLButtonElement).disabled) container.focus();
  }, [ref, disabled]);
}
