'use client';
import { useEffect, useState, type RefObject } from 'react';

/**
 * How far outside the viewport (in viewport heights, above and below) an element still counts as
 * near: what scrolling brings on screen in a moment is ready before it arrives.
 */
const NEAR_MARGIN = '100% 0px 100% 0px';

type Listener = (near: boolean) => void;
let observer: IntersectionObserver | null = null;
/** The constructor `observer` was made with (a page that swaps it, as tests do, gets a new one). */
let observerClass: typeof IntersectionObserver | null = null;
const listeners = new Map<Element, Listener>();

function shared(): IntersectionObserver {
  if (observer && observerClass === IntersectionObserver) return observer;
  observerClass = IntersectionObserver;
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
    },
    { rootMargin: NEAR_MARGIN },
  );
  return observer;
}

/**
 * Whether `ref`'s element is near the viewport now: false until the first observation (after the
 * element is laid out), then following it both ways. One IntersectionObserver for the page (the
 * viewport, through every scrolling ancestor's clip). Where IntersectionObserver does not exist
 * (server rendering, jsdom), always true: the content shows as it would without this.
 */
export function useNearView(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    listeners.set(element, setNear);
    const io = shared();
    io.observe(element);
    return () => {
      io.unobserve(element);
      listeners.delete(element);
    };
  }, [ref]);
  return near;
}
