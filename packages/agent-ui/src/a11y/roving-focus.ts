import { useEffect, type RefObject } from 'react';

/** Options of {@link useRovingFocus}. */
export interface RovingFocusOptions {
  /** CSS selector of the items (inside the container). */
  items: string;
  /** Which arrow keys move: `vertical` (Up/Down), `horizontal` (Left/Right) or `both` (default). */
  orientation?: 'vertical' | 'horizontal' | 'both';
  /** The item that takes the Tab stop when none had it yet (default: `[aria-current]`, `[aria-selected=true]`, else the first). */
  current?: string;
}

const TYPEAHEAD_RESET_MS = 600;

function enabled(items: HTMLElement[]): HTMLElement[] {
  return items.filter((item) => !item.hasAttribute('disabled') && item.getAttribute('aria-disabled') !== 'true');
}

/**
 * One Tab stop for a group of controls, arrow keys inside (the WAI-ARIA "roving tabindex"): the
 * item last focused (or the current one) has `tabindex=0`, every other `-1`. Arrow keys move to the
 * previous/next item (wrapping), Home/End to the first/last, and typing letters moves to the next
 * item whose text starts with them. Items added later (streamed, paged) join the group.
 */
export function useRovingFocus(container: RefObject<HTMLElement | null>, options: RovingFocusOptions): void {
  const { items: selector, orientation = 'both', current = '[aria-current="true"],[aria-selected="true"]' } = options;
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const all = () => Array.from(root.querySelectorAll<HTMLElement>(selector));
    let stop: HTMLElement | undefined;
    const sync = () => {
      const items = all();
      const usable = enabled(items);
      if (!stop || !usable.includes(stop)) stop = usable.find((item) => item.matches(current)) ?? usable[0];
      for (const item of items) {
        const want = item === stop ? '0' : '-1';
        if (item.getAttribute('tabindex') !== want) item.setAttribute('tabindex', want);
      }
    };
    const move = (to: HTMLElement | undefined) => {
      if (!to) return;
      stop = to;
      sync();
      to.focus();
    };
    let typed = '';
    let typedAt = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      const usable = enabled(all());
      const index = usable.indexOf(target);
      if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
      const rtl = getComputedStyle(root).direction === 'rtl';
      const next = orientation !== 'horizontal' ? ['ArrowDown'] : [];
      const previous = orientation !== 'horizontal' ? ['ArrowUp'] : [];
      if (orientation !== 'vertical') {
        next.push(rtl ? 'ArrowLeft' : 'ArrowRight');
        previous.push(rtl ? 'ArrowRight' : 'ArrowLeft');
      }
      let to: HTMLElement | undefined;
      if (next.includes(event.key)) to = usable[(index + 1) % usable.length];
      else if (previous.includes(event.key)) to = usable[(index - 1 + usable.length) % usable.length];
      else if (event.key === 'Home') to = usable[0];
      else if (event.key === 'End') to = usable.at(-1);
      else if (event.key.length === 1 && event.key !== ' ') {
        const now = Date.now();
        typed = now - typedAt > TYPEAHEAD_RESET_MS ? event.key : typed + event.key;
        typedAt = now;
        // The same letter typed again cycles through the items starting with it.
        const repeated = [...typed].every((char) => char === typed[0]);
        const query = (repeated ? typed[0]! : typed).toLocaleLowerCase();
        const start = repeated ? index + 1 : index;
        const ordered = [...usable.slice(start), ...usable.slice(0, start)];
        to = ordered.find((item) => (item.textContent ?? '').trim().toLocaleLowerCase().startsWith(query));
        if (!to) return;
      } else return;
      event.preventDefault();
      move(to);
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (target.matches(selector) && root.contains(target) && stop !== target) {
        stop = target;
        sync();
      }
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-current', 'aria-selected', 'disabled'] });
    root.addEventListener('keydown', onKeyDown);
    root.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      root.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('focusin', onFocusIn);
    };
  }, [container, selector, orientation, current]);
}
