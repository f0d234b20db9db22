'use client';
import { createContext, startTransition, useContext, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';

/**
 * Markdown that may wait: text shown as plain text first and parsed later, when it is near the
 * viewport (loaded history in a long transcript) or right after the frame that shows the newest text
 * (a burst of blocks arriving at once). Parsing is the bulk of a message's mount cost (marked, the
 * sanitizer, the HTML → React conversion); plain text is one text node.
 */

/** Watches elements and calls back once when one comes near the viewport. */
export interface NearViewport {
  /** Calls `onNear` once when `element` is within the margin of the viewport; returns how to stop. */
  observe(element: Element, onNear: () => void): () => void;
}

/**
 * The transcript's {@link NearViewport} for the rows that may parse their markdown lazily; `null`
 * (the default, and for rows that must show at once): parse at once.
 */
export const NearViewportContext = createContext<NearViewport | null>(null);

/**
 * How far outside the scroll view (in viewport heights, above and below) text is parsed ahead of the
 * user: more than `content-visibility: auto`'s own margin, so a row is parsed before the browser lays
 * it out, and scrolling does not show plain text or move anything.
 */
const NEAR_MARGIN = '150% 0px 150% 0px';

/**
 * One IntersectionObserver for a scroll container, created on the first `observe` (the container is
 * attached by then). Without IntersectionObserver (server, old browsers) everything is near at once.
 */
export function useNearViewport(root: RefObject<Element | null>): NearViewport {
  const state = useRef<{ observer: IntersectionObserver | null; callbacks: Map<Element, () => void> }>({ observer: null, callbacks: new Map() });
  useEffect(() => {
    const current = state.current;
    return () => {
      current.observer?.disconnect();
      current.observer = null;
      current.callbacks.clear();
    };
  }, []);
  return useMemo<NearViewport>(
    () => ({
      observe(element, onNear) {
        const current = state.current;
        if (typeof IntersectionObserver !== 'function') {
          onNear();
          return () => {};
        }
        current.observer ??= new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              const callback = current.callbacks.get(entry.target);
              current.callbacks.delete(entry.target);
              current.observer?.unobserve(entry.target);
              callback?.();
            }
          },
          { root: root.current, rootMargin: NEAR_MARGIN },
        );
        current.callbacks.set(element, onNear);
        current.observer.observe(element);
        return () => {
          if (current.callbacks.get(element) !== onNear) return;
          current.callbacks.delete(element);
          current.observer?.unobserve(element);
        };
      },
    }),
    [root],
  );
}

/** Plain text in place of markdown not parsed yet: wraps like the text it stands for. */
const plainStyle: CSSProperties = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 };

/**
 * `children` (the parsed markdown) once `ready`; until then `text` as plain text, in an element
 * marked `data-xagent-markdown-pending`. Becomes ready when near the viewport (with a
 * {@link NearViewportContext}) or, with `afterPaint`, in a transition after its first commit.
 */
export function DeferredMarkdown({ text, afterPaint = false, children }: { text: string; afterPaint?: boolean; children: () => ReactNode }) {
  const near = useContext(NearViewportContext);
  // Decided at mount: a block shown at once stays parsed, a deferred one waits for its moment.
  const [ready, setReady] = useState(() => !afterPaint && near === null);
  const [waitForPaint] = useState(afterPaint);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ready) return;
    const upgrade = () => startTransition(() => setReady(true));
    if (waitForPaint || !near) {
      // After the paint of the commit that showed the plain text: a task, then a transition
      // (time-sliced, behind input).
      const timer = setTimeout(upgrade, 0);
      return () => clearTimeout(timer);
    }
    const element = ref.current;
    if (!element) return;
    return near.observe(element, upgrade);
  }, [ready, waitForPaint, near]);
  if (ready) return <>{children()}</>;
  return (
    <div ref={ref} style={plainStyle} data-xagent-markdown-pending="">
      {text}
    </div>
  );
}
