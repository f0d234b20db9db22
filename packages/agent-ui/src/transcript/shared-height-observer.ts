import { flushSync } from 'react-dom';

/** Called with the element's content height (`scrollHeight`). */
type OnHeight = (height: number) => void;

let observer: ResizeObserver | null = null;
const listeners = new Map<Element, OnHeight>();

function deliver(entries: ResizeObserverEntry[]): void {
  // Read every height first (the browser has just laid out: no read forces a layout), then update
  // all in one synchronous render, before this frame is painted.
  const heights = entries.flatMap((entry) => {
    const onHeight = listeners.get(entry.target);
    return onHeight ? [[onHeight, entry.target.scrollHeight] as const] : [];
  });
  if (heights.length > 0) flushSync(() => heights.forEach(([onHeight, height]) => onHeight(height)));
}

/**
 * Reports `element`'s content height now-ish and whenever its box changes size, through one
 * ResizeObserver for all elements: its callback runs after layout and before paint, so the heights of
 * every element that mounted in a commit are read in one pass (one layout for all, none forced per
 * element) and a change they cause (clipping a tall message) is painted in the same frame. Returns how
 * to stop. Where ResizeObserver is missing, reports once, at once.
 */
export function observeHeight(element: Element, onHeight: OnHeight): () => void {
  if (typeof ResizeObserver === 'undefined') {
    onHeight(element.scrollHeight);
    return () => {};
  }
  observer ??= new ResizeObserver(deliver);
  listeners.set(element, onHeight);
  observer.observe(element);
  return () => {
    if (listeners.get(element) !== onHeight) return;
    listeners.delete(element);
    observer?.unobserve(element);
  };
}
