'use client';
import { useEffect, type RefObject } from 'react';

const BOTTOM_SLACK = 48;

/**
 * Follows new content while the user is at the bottom of `scrollRef` (content growth of `innerRef`
 * scrolls it down) and stops following when the user scrolls up; `following` is shared with the
 * list, which sets it again when it scrolls to the bottom itself.
 */
export function useFollowBottom(
  scrollRef: RefObject<HTMLDivElement | null>,
  innerRef: RefObject<HTMLDivElement | null>,
  following: RefObject<boolean>,
): void {
  useEffect(() => {
    const element = scrollRef.current;
    const inner = innerRef.current;
    if (!element || !inner) return;
    // Only the user moving up stops following. A scroll event can arrive after new content was
    // laid out but before the ResizeObserver below caught up: judging "at the bottom" then would
    // drop following on growth the user never scrolled away from (seen when suggestions appear).
    // The position is first read in the observer's first callback (which `observe` brings after the
    // next layout): reading it here, right after the mount's commit, would make the browser lay out
    // the new transcript on the spot (≈ 20 ms for a first screenful of markdown) and again before the
    // frame's paint. Until then (NaN) no scroll counts as moving up.
    let lastTop = Number.NaN;
    const onScroll = () => {
      const top = element.scrollTop;
      if (element.scrollHeight - top - element.clientHeight <= BOTTOM_SLACK) following.current = true;
      else if (top < lastTop - 1) following.current = false;
      lastTop = top;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const observer = new ResizeObserver(() => {
      if (following.current) element.scrollTop = element.scrollHeight;
      lastTop = element.scrollTop;
    });
    observer.observe(inner);
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [scrollRef, innerRef, following]);
}
