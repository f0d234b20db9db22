/**
 * The markdown chunk's one entry (loaded by markdown-pipeline.ts): the code that turns a reply's
 * markdown into the page's elements (marked, its tokens straight to React elements) and into the
 * words a screen reader is given. It imports nothing the page's first load has (the kit's own components
 * are handed over, `MarkdownKit`), so a bundler keeps that first load one chunk: with modules shared
 * between it and more than one `import()`, Vite 8 (Rolldown) splits them out of the entry chunk
 * (rolldown/rolldown#10731; see lazy/load-on-demand.ts).
 */
import type { ReactNode } from 'react';
import { completeTail } from './complete-tail.js';
import { markdownHtml, type MarkdownKit } from './markdown-html.js';
import { markdownSpeech, type SpeechWords } from './markdown-speech.js';

/** What the markdown chunk gives the page: rendering and reading a reply's markdown. */
export interface MarkdownPipeline {
  /** Markdown (closed, if streaming) to React elements; null for empty text. */
  renderMarkdown(markdown: string, streaming?: boolean): ReactNode;
  /**
   * One block's elements, right in the reply's root (no element of its own: a reply of 35 blocks
   * had 35 more elements and fibers): a streaming tail closed first (an open `**bold` shows bold),
   * a finished block as it is; null when there is nothing to show.
   */
  renderBlock(text: string, streaming?: boolean): ReactNode;
  /** What a screen reader is given of `markdown` (see markdown-speech.ts). */
  markdownSpeech(markdown: string, words: SpeechWords, streaming?: boolean): string;
}

/** The pipeline for the kit's components. */
export function markdownPipeline(kit: MarkdownKit): MarkdownPipeline {
  const { renderMarkdown, lexMarkdown } = markdownHtml(kit);
  return {
    renderMarkdown,
    renderBlock(text, streaming = false) {
      const markdown = streaming ? completeTail(text) : text;
      return markdown ? renderMarkdown(markdown, streaming) : null;
    },
    markdownSpeech: (markdown, words, streaming) => markdownSpeech(lexMarkdown, markdown, words, streaming),
  };
}
