'use client';
import { XMarkdown, type XMarkdownProps } from '@ant-design/x-markdown';
import { memo, useEffect, useRef, useState } from 'react';
import { useAnnounce, useAnnounceMode } from '../a11y/announcer.js';
import { nextSpeech, type SpeechProgress } from '../a11y/speech-progress.js';
import { completeTail } from './complete-tail.js';
import { splitMarkdownBlocks, type MarkdownBlocks } from './markdown-blocks.js';
import { BlockStreamingProvider, MARKDOWN_COMPONENTS } from './markdown-components.js';
import { MarkdownStylesProvider } from './markdown-styles.js';

/**
 * DOMPurify settings for untrusted model output: no scripts, styles, frames, forms or inline
 * styles, and only http(s), mailto, tel and relative URLs (`javascript:`, `data:`, `vbscript:` go).
 */
export const SAFE_DOMPURIFY_CONFIG = {
  FORBID_TAGS: ['script', 'style', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base', 'svg', 'math'],
  FORBID_ATTR: ['style', 'srcset', 'formaction', 'xlink:href', 'action'],
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  ALLOW_DATA_ATTR: false,
} satisfies NonNullable<XMarkdownProps['dompurifyConfig']>;


/** Props of {@link StreamingMarkdown}. */
export interface StreamingMarkdownProps {
  /** The markdown so far. */
  text: string;
  /** More text is coming: the last block is rendered as incomplete markdown. */
  streaming?: boolean;
  /** Announce each finished block to screen readers (default: while streaming). */
  announce?: boolean;
  className?: string;
}

/**
 * One block: parsed once per text, memoized. The streaming tail is closed by `completeTail` here
 * rather than by XMarkdown's `streaming` mode, which renders twice per update (an effect stores its
 * output in state): one commit per update instead of two.
 */
const MarkdownBlock = memo(function MarkdownBlock({ text, streaming }: { text: string; streaming: boolean }) {
  return (
    <BlockStreamingProvider value={streaming}>
      <XMarkdown
        content={streaming ? completeTail(text) : text}
        escapeRawHtml
        openLinksInNewTab
        dompurifyConfig={SAFE_DOMPURIFY_CONFIG}
        components={MARKDOWN_COMPONENTS}
      />
    </BlockStreamingProvider>
  );
});

/**
 * Markdown for streamed text: split into blocks so that only the tail block is re-parsed per update
 * (completed blocks are memoized); raw HTML is escaped, unsafe URLs removed, links open in a new tab
 * with `rel="noopener noreferrer"`.
 *
 * Text that has never streamed here (loaded history) is rendered as one document: one parse and
 * one root element instead of one per block, which halves the mount cost of long transcripts. Once
 * it streamed, it stays split, so the end of a stream re-parses nothing.
 */
export const StreamingMarkdown = memo(function StreamingMarkdown({ text, streaming = false, announce, className }: StreamingMarkdownProps) {
  const [blockwise, setBlockwise] = useState(streaming);
  if (streaming && !blockwise) setBlockwise(true);
  const blocksRef = useRef<MarkdownBlocks | undefined>(undefined);
  const blocks = splitMarkdownBlocks(text, blocksRef.current);
  useEffect(() => {
    blocksRef.current = blocks;
  });
  const say = useAnnounce();
  const mode = useAnnounceMode();
  // How far the reply has been read out: sentence by sentence while it streams (or all at the end,
  // in the `end` mode), each sentence once. What was there before it streamed here is not read.
  const spoken = useRef<SpeechProgress | null>(null);
  const shouldAnnounce = announce ?? streaming;
  const doneCount = blocks.done.length;
  const wasStreaming = useRef(streaming);
  useEffect(() => {
    const finished = wasStreaming.current && !streaming;
    wasStreaming.current = streaming;
    if (finished ? announce === false : !shouldAnnounce) return;
    spoken.current ??= { blocks: doneCount, chars: 0 };
    if (!finished && mode === 'end') return;
    const next = nextSpeech(spoken.current, blocks.done, blocks.tail, finished);
    spoken.current = next.progress;
    if (next.text) say(next.text);
  }, [blocks, doneCount, streaming, announce, shouldAnnounce, mode, say]);
  if (!blockwise) {
    return (
      <div className={className} dir="auto" data-xagent-markdown="">
        <MarkdownStylesProvider>{text.trim() ? <MarkdownBlock text={text} streaming={false} /> : null}</MarkdownStylesProvider>
      </div>
    );
  }
  return (
    <div className={className} dir="auto" data-xagent-markdown="">
      <MarkdownStylesProvider>
        {blocks.done.map((block, index) => (
          <MarkdownBlock key={index} text={block} streaming={false} />
        ))}
        {blocks.tail.trim() ? <MarkdownBlock key={doneCount} text={blocks.tail} streaming={streaming} /> : null}
      </MarkdownStylesProvider>
    </div>
  );
});
