'use client';
import { createContext, useContext, useEffect, useMemo, useState, type RefObject } from 'react';

/**
 * Whether elements are near what the user sees: one IntersectionObserver per scroll container (the
 * transcript's) or for the page. The margin is the container's own: an observer rooted at the page
 * would clip a transcript row at the transcript's edge, so "near" would only ever mean "visible".
 */
export interface NearView {
  /** Calls `listener` with whether `element` is near (first after layout, then on each change); returns how to stop. */
  watch(element: Element, listener: (near: boolean) => void): () => void;
}

/**
 * How far outside the view (in view heights, above and below) an element is near: more than
 * `content-visibility: auto`'s own margin, so what scrolling brings on screen is ready before it
 * arrives and nothing moves.
 */
const NEAR_MARGIN = '150% 0px 150% 0px';

/** A {@link NearView} with one observer rooted at `root()` (null: the viewport), made on the first watch. */
function createNearView(root: () => Element | null): NearView & { disconnect(): void } {
  let observer: IntersectionObserver | null = null;
  /** The constructor `observer` was made with (a page that swaps it, as tests do, gets a new one). */
  let made: typeof IntersectionObserver | null = null;
  const listeners = new Map<Element, (near: boolean) => void>();
  return {
    watch(element, listener) {
      if (typeof IntersectionObserver !== 'function') {
        listener(true);
        return () => {};
      }
      if (!observer || made !== IntersectionObserver) {
        observer?.disconnect();
        made = IntersectionObserver;
        observer = new IntersectionObserver((entries) => entries.forEach((entry) => listeners.get(entry.target)?.(entry.isIntersecting)), { root: root(), rootMargin: NEAR_MARGIN });
        listeners.forEach((_, watched) => observer!.observe(watched));
      }
      const current = observer;
      listeners.set(element, listener);
      current.observe(element);
      return () => {
        if (listeners.get(element) !== listener) return;
        listeners.delete(element);
        current.unobserve(element);
      };
    },
    disconnect() {
      observer?.disconnect();
      observer = null;
      listeners.clear();
    },
  };
}

/** The page's view, for elements in no scroll container of the kit's. */
const PAGE = createNearView(() => null);

/** The {@link NearView} of the scroll container around (the transcript's); none: the page's. */
export const NearViewContext = createContext<NearView | null>(null);

/** One {@link NearView} for the scroll container `root` (attached by the first watch), disconnected on unmount. */
export function useScrollNearView(root: RefObject<Element | null>): NearView {
  const view = useMemo(() => createNearView(() => root.current), [root]);
  useEffect(() => () => view.disconnect(), [view]);
  return view;
}

/**
 * Whether `ref`'s element is near the view now: false until the first observation (after the element
 * is laid out), then following it both ways. Where IntersectionObserver does not exist (server
 * rendering, jsdom), always true: the content shows as it would without this.
 */
export function useNearView(ref: RefObject<Element | null>): boolean {
  const view = useContext(NearViewContext) ?? PAGE;
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const element = ref.current;
    return element ? view.watch(element, setNear) : undefined;
  }, [ref, view]);
  return near;
}

/** Calls `onNear` once, the first time `element` is near `view`; returns how to stop. */
export function onceNear(view: NearView, element: Element, onNear: () => void): () => void {
  const stop = { current: () => {} };
  let done = false;
  stop.current = view.watch(element, (near) => {
    if (!near || done) return;
    done = true;
    stop.current();
    onNear();
  });
  // Near at once (no IntersectionObserver): the watch already called back.
  if (done) stop.current();
  return () => stop.current();
}

