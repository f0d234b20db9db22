'use client';
import { createContext, memo, startTransition, useContext, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';

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

/*
 * Plain text in place of markdown not parsed yet wraps like the text it stands for, and is laid out
 * only near the view (`content-visibility: auto`: a burst's hundreds of blocks above the view cost no
 * layout in the frame that shows the reply's end): the kit's stylesheet styles
 * `[data-xagent-markdown-pending]` (src/styles/kit-css.ts); each placeholder carries only its
 * estimated height.
 */

/**
 * The placeholder's height before the browser lays it out: its lines at about 80 characters each, in
 * `em`. Once laid out, the browser keeps the real height (`auto`).
 */
function estimatedHeight(text: string): string {
  let lines = 0;
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const length = (end === -1 ? text.length : end) - start;
    lines += length > 80 ? Math.ceil(length / 80) : 1;
    if (end === -1) break;
    start = end + 1;
  }
  return `auto ${(lines * 1.6).toFixed(1)}em`;
}

/**
 * The element of markdown not parsed yet (its text goes in, plain): marked
 * `data-xagent-markdown-pending` (styled by the kit's stylesheet), with the text's estimated height.
 */
export function pendingProps(text: string): { style: CSSProperties; 'data-xagent-markdown-pending': '' } {
  return { style: { containIntrinsicBlockSize: estimatedHeight(text) }, 'data-xagent-markdown-pending': '' };
}

/**
 * Upgrades that wait for the paint of the commit that showed their placeholders: one task for all of
 * them (a burst mounts hundreds), then one transition (time-sliced, behind input).
 */
const afterPaint = new Set<() => void>();
let afterPaintTimer: ReturnType<typeof setTimeout> | undefined;
function upgradeAfterPaint(upgrade: () => void): () => void {
  afterPaint.add(upgrade);
  afterPaintTimer ??= setTimeout(() => {
    afterPaintTimer = undefined;
    const queued = [...afterPaint];
    afterPaint.clear();
    startTransition(() => queued.forEach((run) => run()));
  }, 0);
  return () => afterPaint.delete(upgrade);
}

/**
 * `render(text)` (the parsed markdown) once `ready`; until then `text` as plain text, in an element
 * marked `data-xagent-markdown-pending`. Becomes ready when near the viewport (with a
 * {@link NearViewportContext}) or, with `afterPaint`, in a transition after its first commit.
 *
 * The rendered elements are kept (memoized by `text` and `render`, a function that should not change);
 * nothing else of the parse is (see markdown-html.ts).
 */
export const DeferredMarkdown = memo(function DeferredMarkdown({ text, afterPaint = false, render }: { text: string; afterPaint?: boolean; render: (text: string) => ReactNode }) {
  const near = useContext(NearViewportContext);
  // Decided at mount: a block shown at once stays parsed, a deferred one waits for its moment.
  const [ready, setReady] = useState(() => !afterPaint && near === null);
  const [waitForPaint] = useState(afterPaint);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ready) return;
    // After the paint of the commit that showed the plain text: a task, then a transition.
    if (waitForPaint || !near) return upgradeAfterPaint(() => setReady(true));
    const element = ref.current;
    if (!element) return;
    return near.observe(element, () => startTransition(() => setReady(true)));
  }, [ready, waitForPaint, near]);
  const content = useMemo(() => (ready ? render(text) : null), [ready, render, text]);
  if (ready) return content;
  return (
    <div ref={ref} {...pendingProps(text)}>
      {text}
    </div>
  );
});
