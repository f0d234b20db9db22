'use client';
import { whenIdle } from '@x/agent-core';
import { startTransition, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { HighlightedCode } from './code-block.js';
import { StreamingMarkdown } from './streaming-markdown.js';

/**
 * A short document with what replies hold most: inline marks, a link, lists, a quote, a table and
 * highlighted code.
 */
const SAMPLE = [
  '## Warm-up',
  'Some **bold**, *emphasis*, `code` and [a link](https://example.com/).',
  '- one\n- two\n\n1. first\n2. second',
  '> a quote',
  '| a | b |\n| --- | --- |\n| 1 | 2 |',
  '```ts\nconst answer: number = compute(42); // done\n```',
].join('\n\n');

/** Once per page: the first chat that warms up does it for every chat after it. */
let warmed = false;

/**
 * Renders a sample reply once, off the page, when the browser is idle after the user first turned to
 * the chat: the first real reply then does not pay for code that runs for the first time (the markdown
 * parser and its tokens' rendering, the highlighter's grammar). The sample is
 * rendered in a transition (time-sliced, behind input) into an element that is not in the document,
 * and removed once the highlighter has rendered it.
 */
export function MarkdownWarmUp() {
  const [target] = useState(() => (warmed || typeof document === 'undefined' ? null : document.createElement('div')));
  const [phase, setPhase] = useState<'wait' | 'render' | 'done'>(target ? 'wait' : 'done');
  useEffect(() => {
    if (phase === 'wait') {
      return whenIdle(() => {
        // Another chat of the page may have warmed up meanwhile.
        const next = warmed ? 'done' : 'render';
        warmed = true;
        startTransition(() => setPhase(next));
      });
    }
    if (phase !== 'render') return;
    let cancel: (() => void) | undefined;
    let disposed = false;
    // The code block's highlighter arrives in its own chunk: remove the sample once it rendered there.
    void HighlightedCode.preload()
      .catch(() => {})
      .then(() => {
        if (!disposed) cancel = whenIdle(() => setPhase('done'));
      });
    return () => {
      disposed = true;
      cancel?.();
    };
  }, [phase]);
  return phase === 'render' && target ? createPortal(<StreamingMarkdown text={SAMPLE} />, target) : null;
}
