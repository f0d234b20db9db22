import type { XMarkdownProps } from '@ant-design/x-markdown';
import { Parser } from '@ant-design/x-markdown/es/XMarkdown/core/index.js';
import createDOMPurify, { type Config as DOMPurifyConfig, type DOMPurify } from 'dompurify';
import { domToReact, type DOMNode, type HTMLReactParserOptions } from 'html-react-parser';
import type { ReactElement, ReactNode } from 'react';
import { domNodes } from './dom-nodes.js';

/**
 * DOMPurify settings for untrusted model output: no scripts, styles, frames, forms or inline
 * styles, and only http(s), mailto, tel and relative URLs (`javascript:`, `data:`, `vbscript:` go).
 */
export const SAFE_DOMPURIFY_CONFIG = {
  FORBID_TAGS: ['script', 'style', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base', 'svg', 'math'],
  FORBID_ATTR: ['style', 'srcset', 'formaction', 'xlink:href', 'action'],
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  ALLOW_DATA_ATTR: false,
} satisfies DOMPurifyConfig;

/** A node of the sanitized document (domhandler's, as html-react-parser reads it). */
export interface ParsedNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: ParsedNode[];
}

/**
 * What the kit renders as its own components (markdown-components.tsx, in the page's first load):
 * handed to {@link markdownHtml}, which lives in the markdown chunk (markdown-pipeline.ts) with the
 * third-party code only.
 */
export interface MarkdownKit {
  /** The components in XMarkdown's shape: the parser is given them, the sanitizer lets their tags through. */
  components: NonNullable<XMarkdownProps['components']>;
  /**
   * The element for a node that needs a component (a link, an image, a code block, a table), given
   * the node's converted children and whether it is in a streaming tail; undefined: the host element.
   */
  replace(node: ParsedNode, children: () => ReactNode, streaming: boolean): ReactElement | undefined;
}

/** The kit's markdown to React elements, and the tokens a screen reader's text is made from. */
export interface MarkdownHtml {
  /** Markdown (already closed, when streaming) to React elements; null for empty text. `streaming`: the tail of a reply still arriving. */
  renderMarkdown(markdown: string, streaming?: boolean): ReactNode;
  /** The tokens the kit's parser reads in `markdown` (what `renderMarkdown` renders): for the text a screen reader is given. */
  lexMarkdown(markdown: string): MarkdownToken[];
}

/** One token of the kit's markdown parse (marked's). */
export type MarkdownToken = ReturnType<Parser['markdownInstance']['lexer']>[number];

/**
 * The markdown pipeline of XMarkdown (its parser: marked with escaped raw HTML and links that open
 * in a new tab; then sanitized HTML to React elements), shared by every block instead of built per
 * block, with a sanitizer of its own:
 *
 * - one `Parser` (a `Marked` instance and its renderers) per pipeline (the page makes one: markdown-pipeline.ts), not one per block;
 * - a DOMPurify instance of the kit's, configured once (`setConfig`): a call with a config object,
 *   as XMarkdown makes per block, parses that config again on every call (a copy of every allowlist,
 *   about 40 % of the sanitizer's time per block); and hooks an app adds to the global DOMPurify
 *   do not change what the kit lets through;
 * - the sanitized nodes go to React as they are (`RETURN_DOM_FRAGMENT`), instead of being serialized
 *   to HTML and parsed a second time;
 * - host elements stay host elements (styled by the kit's stylesheet); only links, images, code
 *   blocks and tables become components, and they get what they need (a URL, the code's text), never
 *   the parsed node: once a reply is rendered, nothing holds on to its parsed document.
 *
 * Same output as `<XMarkdown escapeRawHtml openLinksInNewTab dompurifyConfig={SAFE_DOMPURIFY_CONFIG}
 * components={MARKDOWN_COMPONENTS}>` (`markdown-html.test.tsx` compares the two). The parser comes
 * from XMarkdown's core module (no public export; `@ant-design/x-markdown` is pinned to an exact
 * version, and the comparison test fails if an upgrade changes what it does).
 */
export function markdownHtml(kit: MarkdownKit): MarkdownHtml {
  let parser: Parser | undefined;
  /** The kit's sanitizer; null where there is no DOM (server pre-render: the client renders it). */
  let purify: DOMPurify | null | undefined;

  function kitPurify(): DOMPurify | null {
    if (purify !== undefined) return purify;
    if (typeof window === 'undefined' || typeof createDOMPurify !== 'function') return (purify = null);
    const instance = createDOMPurify(window);
    // Without a working DOM it would return its input unsanitized: render nothing rather than that.
    if (typeof instance.sanitize !== 'function' || !instance.isSupported) return (purify = null);
    instance.setConfig({
      ...SAFE_DOMPURIFY_CONFIG,
      // What XMarkdown's renderer adds: its components' tags, and the attributes of links opened in a new tab.
      ADD_TAGS: Object.keys(kit.components),
      ADD_ATTR: ['target', 'rel'],
      RETURN_DOM_FRAGMENT: true,
    });
    return (purify = instance);
  }

  function kitParser(): Parser {
    return (parser ??= new Parser({ openLinksInNewTab: true, components: kit.components, escapeRawHtml: true }));
  }

  /** The components of a finished reply's document, and of the streaming tail's (its code stays plain). */
  const FINISHED: HTMLReactParserOptions = { replace: (node) => replaceNode(node, FINISHED, false) };
  const STREAMING: HTMLReactParserOptions = { replace: (node) => replaceNode(node, STREAMING, true) };

  /** The kit's component for a node that needs one; host elements otherwise. */
  function replaceNode(domNode: DOMNode, options: HTMLReactParserOptions, streaming: boolean) {
    const node = domNode as unknown as ParsedNode;
    if (node.type !== 'tag') return undefined;
    return kit.replace(node, () => (node.children?.length ? domToReact(node.children as unknown as DOMNode[], options) : undefined), streaming);
  }

  return {
    renderMarkdown(markdown, streaming = false) {
      if (!markdown) return null;
      const html = kitParser().parse(markdown, { injectTail: false });
      if (!html) return null;
      const sanitizer = kitPurify();
      if (!sanitizer) return null;
      // The sanitized nodes themselves, not their HTML parsed a second time (as html-react-parser does).
      const clean = sanitizer.sanitize(html, SANITIZE_TO_FRAGMENT);
      return domToReact(domNodes(clean.childNodes), streaming ? STREAMING : FINISHED);
    },
    lexMarkdown: (markdown) => kitParser().markdownInstance.lexer(markdown),
  };
}

/** What `sanitize` returns under the kit's config (its types choose the return type by this argument; the config set once applies). */
const SANITIZE_TO_FRAGMENT = { RETURN_DOM_FRAGMENT: true } as const;
