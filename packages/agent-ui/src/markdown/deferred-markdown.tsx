'use client';
import { createContext, memo, startTransition, useContext, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { onceNear, type NearView } from './near-view.js';

/**
 * Markdown that may wait: text shown as plain text first and parsed later, when it is near the
 * viewport (loaded history in a long transcript) or right after the frame that shows the newest text
 * (a burst of blocks arriving at once). Parsing is the bulk of a message's mount cost (marked, its
 * tokens to React elements); plain text is one text node.
 */

/**
 * The transcript's view (markdown/near-view.ts) for the rows that may parse their markdown lazily;
 * `null` (the default, and for rows that must show at once): parse at once.
 */
export const NearViewportContext = createContext<NearView | null>(null);

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
 * The plain text of a block not parsed yet, until its moment: near the view (`near`), or after the
 * paint of the commit that showed it (`afterPaint`, or without a view). Mounted only while the block
 * waits, so a parsed block keeps none of its state.
 */
function PendingMarkdown({ text, afterPaint, near, onReady }: { text: string; afterPaint: boolean; near: NearView | null; onReady: (ready: true) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // After the paint of the commit that showed the plain text: a task, then a transition.
    if (afterPaint || !near) return upgradeAfterPaint(() => onReady(true));
    const element = ref.current;
    if (!element) return;
    return onceNear(near, element, () => startTransition(() => onReady(true)));
  }, [afterPaint, near, onReady]);
  return (
    <div ref={ref} {...pendingProps(text)}>
      {text}
    </div>
  );
}

/**
 * `render(text)` (the parsed markdown) once ready; until then `text` as plain text, in an element
 * marked `data-xagent-markdown-pending`. Becomes ready when near the viewport (with a
 * {@link NearViewportContext}) or, with `afterPaint`, in a transition after its first commit.
 *
 * A parsed block holds two states — whether it is ready, and its elements (kept by `text` and
 * `render`: a new view of the row, when a history row leaves the newest few, does not parse it
 * again) — where it held five, its wait's included (S8: a reply of 35 blocks): the wait is a
 * component of its own, mounted only while the block waits. Nothing else of the parse is kept
 * (see markdown-html.ts).
 */
export const DeferredMarkdown = memo(function DeferredMarkdown({ text, afterPaint = false, render }: { text: string; afterPaint?: boolean; render: (text: string) => ReactNode }) {
  const near = useContext(NearViewportContext);
  // Decided at mount: a block shown at once stays parsed, a deferred one waits for its moment.
  const [ready, setReady] = useState(() => !afterPaint && near === null);
  const content = useMemo(() => (ready ? render(text) : null), [ready, render, text]);
  return ready ? content : <PendingMarkdown text={text} afterPaint={afterPaint} near={near} onReady={setReady} />;
});
