'use client';
import { Button } from 'antd';
import { useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { observeHeight } from './shared-height-observer.js';
import { useAgentUIConfig } from '../config.js';

/** Taller than this (px), a sent message is shown collapsed to it (`messageDisplay.collapseAbove`). */
export const COLLAPSE_ABOVE_PX = 320;

const fade: CSSProperties = { maskImage: 'linear-gradient(to bottom, black 75%, transparent)', WebkitMaskImage: 'linear-gradient(to bottom, black 75%, transparent)' };

/**
 * A long sent message, collapsed: content taller than `maxHeight` is clipped (faded at the end) with
 * a "Show more" / "Show less" button (`aria-expanded`, `aria-controls`; a real button, so Enter and
 * Space work). Shorter content renders as is, with no button. The height is measured after layout
 * and again when the content or the width changes.
 */
export function CollapsibleContent({ children, maxHeight = COLLAPSE_ABOVE_PX }: { children: ReactNode; maxHeight?: number }) {
  const t = useAgentUIConfig().strings.queue;
  const ref = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Measured by the shared observer after layout, before paint (a tall message never shows
    // unclipped; mounting many messages forces no layout per message). Observing again after a
    // render makes it report once more, for content that changed.
    return observeHeight(element, (height) => setTall(height > maxHeight + 24));
  }, [maxHeight, children]);
  const clipped = tall && !expanded;
  return (
    <>
      <div id={id} ref={ref} style={clipped ? { maxHeight, overflow: 'hidden', ...fade } : undefined} data-xagent-collapsed={clipped || undefined}>
        {children}
      </div>
      {tall ? (
        <Button size="small" type="link" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded((value) => !value)} style={{ paddingInline: 0 }}>
          {expanded ? t.showLess : t.showMore}
        </Button>
      ) : null}
    </>
  );
}
