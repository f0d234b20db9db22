import { Parser } from '@ant-design/x-markdown/es/XMarkdown/core/index.js';
import type { Config as DOMPurifyConfig } from 'dompurify';
import type { ReactNode } from 'react';
import { ALLOWED_URL, keyed, tokensToReact, type MarkdownKit, type MarkdownToken } from './markdown-tokens.js';

export type { MarkdownKit, MarkdownToken, ParsedNode } from './markdown-tokens.js';

/**
 * DOMPurify settings for untrusted model output: no scripts, styles, frames, forms or inline
 * styles, and only http(s), mailto, tel and relative URLs (`javascript:`, `data:`, `vbscript:` go).
 */
export const SAFE_DOMPURIFY_CONFIG = {
  FORBID_TAGS: ['script', 'style', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base', 'svg', 'math'],
  FORBID_ATTR: ['style', 'srcset', 'formaction', 'xlink:href', 'action'],
  ALLOWED_URI_REGEXP: ALLOWED_URL,
  ALLOW_DATA_ATTR: false,
} satisfies DOMPurifyConfig;

/** The kit's markdown to React elements, and the tokens a screen reader's text is made from. */
export interface MarkdownHtml {
  /** Markdown (already closed, when streaming) to React elements; null for empty text. `streaming`: the tail of a reply still arriving. */
  renderMarkdown(markdown: string, streaming?: boolean): ReactNode;
  /** The tokens the kit's parser reads in `markdown` (what `renderMarkdown` renders): for the text a screen reader is given. */
  lexMarkdown(markdown: string): MarkdownToken[];
}

/**
 * The markdown pipeline of XMarkdown, for every block of every reply: XMarkdown's parser (marked,
 * with raw HTML escaped and links opened in a new tab), one per pipeline (the page makes one:
 * markdown-pipeline.ts), and its tokens rendered straight to React elements (markdown-tokens.ts):
 *
 * - no HTML string, no sanitizer parsing it into a document, no conversion of that document into
 *   React elements (XMarkdown's way): model output only ever becomes React text, and the attributes
 *   taken from it (a link's or image's URL and title) go through the sanitizer's URL rule and the
 *   kit's components;
 * - host elements stay host elements (styled by the kit's stylesheet); only links, images, code
 *   blocks and tables become components, and they get what they need (a URL, the code's text): once
 *   a reply is rendered, nothing holds on to its tokens.
 *
 * Same output as `<XMarkdown escapeRawHtml openLinksInNewTab dompurifyConfig={SAFE_DOMPURIFY_CONFIG}
 * components={MARKDOWN_COMPONENTS}>` (`markdown-html.test.tsx` compares the two), but where XMarkdown
 * writes a backslash-escaped `<` or a stray one into its HTML unescaped (then a tag, or text lost):
 * here they are text. The parser comes from XMarkdown's core module (no public export;
 * `@ant-design/x-markdown` is pinned to an exact version, and the comparison test fails if an upgrade
 * changes what it does).
 */
export function markdownHtml(kit: MarkdownKit): MarkdownHtml {
  let parser: Parser | undefined;
  function kitParser(): Parser {
    return (parser ??= new Parser({ openLinksInNewTab: true, components: kit.components, escapeRawHtml: true }));
  }
  const lexMarkdown = (markdown: string): MarkdownToken[] => kitParser().markdownInstance.lexer(markdown);
  return {
    renderMarkdown(markdown, streaming = false) {
      if (!markdown) return null;
      const elements = tokensToReact(lexMarkdown(markdown), kit, streaming);
      return elements.length === 0 ? null : elements.length === 1 ? elements[0] : elements.map(keyed);
    },
    lexMarkdown,
  };
}
