'use client';
import { useEffect, type RefObject } from 'react';

/**
 * Keeps the message the user is reading where it is on screen while they are scrolled up
 * (`following` false): when content above it changes height — older messages mounted or fetched
 * above, a row's markdown parsed as it comes near the view, `content-visibility` rows laid out at
 * their real size — the view moves by as much, so the text under the user's eyes does not jump. The
 * browser's own scroll anchoring is off on the transcript (`overflow-anchor: none`: following the
 * bottom is `useFollowBottom`'s), so this is the same rule for the scrolled-up case only. The anchor
 * is the first row (a child of `innerRef`, not the `data-xagent-older` sentinel above the rows) that
 * starts in the view, else the last one cut by its top edge; taken again at every scroll.
 */
export function useReadingAnchor(
  scrollRef: RefObject<HTMLDivElement | null>,
  innerRef: RefObject<HTMLDivElement | null>,
  following: RefObject<boolean>,
): void {
  useEffect(() => {
    const element = scrollRef.current;
    const inner = innerRef.current;
    if (!element || !inner) return;
    // The row, where it was (px from the top of the view) and the scroll position then.
    let anchor: { row: Element; top: number; scrollTop: number } | null = null;
    const take = () => {
      anchor = null;
      if (following.current) return;
      const top = element.getBoundingClientRect().top;
      for (const row of inner.children) {
        const box = row.getBoundingClientRect();
        // Not the older-messages sentinel: it stays at the top while rows are added under it.
        if (box.height === 0 || box.bottom <= top || row.hasAttribute('data-xagent-older')) continue;
        // The first row that starts in view, rather than one cut by the top edge: a row laid out
        // anew (a `content-visibility` estimate replaced by its real height) grows downwards, and
        // would move everything under it while its own top stayed put. A row taller than the view
        // is its own anchor.
        if (box.top < top || box.top < top + element.clientHeight || !anchor) anchor = { row, top: box.top - top, scrollTop: element.scrollTop };
        if (box.top >= top) return;
      }
    };
    // Where the row is against where the scroll alone would have put it: the difference is content
    // above it that changed height (read at a scroll too: reading the layout there can apply a change
    // the ResizeObserver reports only later), given back to the scroll position.
    const keep = () => {
      const held = anchor;
      if (!following.current && held?.row.isConnected) {
        const expected = held.top - (element.scrollTop - held.scrollTop);
        const moved = held.row.getBoundingClientRect().top - element.getBoundingClientRect().top - expected;
        if (Math.abs(moved) >= 1) element.scrollTop += moved;
      }
      take();
    };
    const observer = new ResizeObserver(keep);
    observer.observe(inner);
    element.addEventListener('scroll', keep, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', keep);
    };
  }, [scrollRef, innerRef, following]);
}
