import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

/**
 * A menu entry chosen with Enter: cancel the key's default action. Otherwise the browser goes on to
 * "click" whatever takes the focus next (the row's button, once the menu closes or the row goes),
 * which would open that conversation.
 */
export function stopKeyboardClick(event: Event | { preventDefault?: () => void; type?: string }): void {
  if ('type' in event && typeof event.type === 'string' && event.type.startsWith('key')) event.preventDefault?.();
}

/** The open menu popup, newest first: the one this trigger just opened. */
function openMenu(): HTMLElement | undefined {
  const menus = Array.from(document.querySelectorAll<HTMLElement>('[role="menu"]')).reverse();
  const shown = menus.filter((menu) => !menu.closest('[hidden],[aria-hidden="true"],[class*="-hidden"]'));
  // Where layout is known, the visible one (others may still be closing).
  return shown.find((menu) => menu.getClientRects().length > 0) ?? shown[0];
}

/** The trigger each open menu hands the focus back to (a menu element is reused across openings). */
const triggers = new WeakMap<HTMLElement, HTMLElement>();

/**
 * Escape (or Tab) closes the menu and removes its focused entry: the focus goes back to the trigger
 * that opened it, not to <body>.
 */
function returnFocusOnClose(menu: HTMLElement, trigger: HTMLElement): void {
  const listening = triggers.has(menu);
  triggers.set(menu, trigger);
  if (listening) return;
  menu.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' && event.key !== 'Tab') return;
    const back = triggers.get(menu);
    if (event.key === 'Escape') back?.focus();
    else requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) back?.focus();
    });
  });
}

/**
 * Opening a row's actions menu from the keyboard (Enter, Space, ArrowDown) puts the focus on its
 * first entry, so that ArrowUp/ArrowDown move through it and Escape closes it (back on the trigger).
 */
export function focusMenuOnKeyboardOpen(event: ReactKeyboardEvent<HTMLElement>): void {
  const row = event.currentTarget.closest('li')?.querySelector<HTMLElement>('[data-xagent-conversation]');
  if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
    // Back to the row (its menu button is a second cell of the same row).
    if (row && event.key === (getComputedStyle(event.currentTarget).direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft')) {
      event.preventDefault();
      row.focus();
    }
    return;
  }
  if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
  if (event.key === 'ArrowDown') {
    event.preventDefault();
    event.currentTarget.click();
  }
  const trigger = event.currentTarget;
  let tries = 0;
  const focusFirst = () => {
    const menu = openMenu();
    const first = menu?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])');
    if (menu && first) {
      returnFocusOnClose(menu, trigger);
      first.focus();
    } else if (++tries < 10) requestAnimationFrame(focusFirst);
  };
  requestAnimationFrame(focusFirst);
}

/** ArrowRight on a row (ArrowLeft in RTL) moves to its actions menu button. */
export function focusRowMenu(event: ReactKeyboardEvent<HTMLElement>): void {
  const forward = getComputedStyle(event.currentTarget).direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  if (event.key !== forward) return;
  const trigger = event.currentTarget.closest('li')?.querySelector<HTMLElement>('[data-xagent-conversation-menu]');
  if (!trigger) return;
  event.preventDefault();
  trigger.focus();
}
