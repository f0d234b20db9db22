'use client';
import { Button } from 'antd';
import { useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useAgentUIConfig } from '../config.js';

/** Taller than this (px), a sent message is shown collapsed to it (`messageDisplay.collapseAbove`). */
export const COLLAPSE_ABOVE_PX = 320;

const fade: CSSProperties = { maskImage: 'linear-gradient(to bottom, black 75%, transparent)', WebkitMaskImage: 'linear-gradient(to bottom, black 75%, transparent)' };

/**
 * A long sent message, collapsed: content taller than `maxHeight` is clipped (faded at the end) with
 * a "Show more" / "Show less" button (`aria-expanded`, `aria-controls`; a real button, so Enter and
 * Space work). Shorter content renders as is, with no button. The height is measured after layout
 * and again when the content's box changes size (its content or the width).
 */
export function CollapsibleContent({ children, maxHeight = COLLAPSE_ABOVE_PX }: { children: ReactNode; maxHeight?: number }) {
  const t = useAgentUIConfig().strings.queue;
  const ref = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  useLayoutEffect(() => {
    const content = ref.current;
    if (!content) return;
    const measure = () => setTall(content.scrollHeight > maxHeight + 24);
    // Measured before the first paint (a tall message never shows unclipped), then only when the
    // content's box changes size: a re-render of the row forces no layout of the page.
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(content);
    return () => observer.disconnect();
  }, [maxHeight]);
  const clipped = tall && !expanded;
  return (
    <>
      <div id={id} style={clipped ? { maxHeight, overflow: 'hidden', ...fade } : undefined} data-xagent-collapsed={clipped || undefined}>
        {/* The content's own box: its size follows the content and the width, never the clipping. */}
        <div ref={ref}>{children}</div>
      </div>
      {tall ? (
        <Button size="small" type="link" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded((value) => !value)} style={{ paddingInline: 0 }}>
          {expanded ? t.showLess : t.showMore}
        </Button>
      ) : null}
    </>
  );
}
