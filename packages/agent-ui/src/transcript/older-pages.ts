'use client';
import { useEffect, useRef, type RefObject } from 'react';

/** How far from the bottom still counts as "at the bottom" (px), as `useFollowBottom` judges it. */
const AT_BOTTOM = 48;
/** How long the user stays at the bottom before the rows far above are let go (ms). */
const SETTLE_MS = 1_000;

/**
 * Calls `release` once the user came back to the bottom of `scrollRef` from further up and stayed
 * there for a second (a scroll away cancels it): the transcript then unmounts the rows it mounted
 * while the user read back, and the chat drops the older pages it fetched (`releaseOlder`), so a
 * long conversation read far back does not stay whole in the DOM and in memory. A transcript that
 * was never scrolled away from the bottom never releases anything. `release` answers whether it
 * could (not while a reply is in progress); if not, it is asked again every second the user stays.
 */
export function useReleaseAtBottom(scrollRef: RefObject<HTMLDivElement | null>, release: () => boolean): void {
  const latest = useRef(release);
  useEffect(() => {
    latest.current = release;
  }, [release]);
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    let away = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_BOTTOM;
      if (!atBottom) {
        away = true;
        clearTimeout(timer);
        timer = undefined;
      } else if (away && timer === undefined) settle();
    };
    // `release` answers false when it cannot let go now (a reply in progress): asked again a second later.
    const settle = () => {
      timer = setTimeout(() => {
        timer = undefined;
        if (element.scrollHeight - element.scrollTop - element.clientHeight > AT_BOTTOM) return;
        if (latest.current()) away = false;
        else settle();
      }, SETTLE_MS);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, [scrollRef]);
}
