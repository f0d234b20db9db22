'use client';
import type { ComponentProps, XMarkdownProps } from '@ant-design/x-markdown';
import { createElement, type ReactElement, type ReactNode } from 'react';
import type { MarkdownKit, ParsedNode } from './markdown-html.js';
import { safeUrl } from './safe-url.js';
import { CodeBlock } from './code-block.js';
import { ImageGate } from '../lazy/on-demand.js';

/*
 * Markdown renders host elements (`p`, lists, headings, `th`, `td`, `blockquote`, inline `code`, …)
 * as they are: the kit's stylesheet styles them below the `.x-agent-md` root (src/styles/kit-css.ts).
 * A component exists only where behaviour needs one: a link (its URL checked, `rel` for a new tab),
 * an image (the image gate), a code block (the highlighter and the copy button), a table (a
 * keyboard-focusable box that scrolls a table too wide).
 */

export type { ParsedNode };

/** The text of a parsed node (a code block's source, entity-decoded by the parser). */
export function textOf(node: ParsedNode): string {
  if (node.type === 'text') return node.data ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/** The code of a `<pre>` (a fenced block): its text and its language (the `language-*` class of its `<code>`). */
export function codeOf(pre: ParsedNode): { code: string; lang: string | undefined } {
  const code = pre.children?.find((child) => child.type === 'tag' && child.name === 'code');
  return { code: textOf(pre), lang: /(?:^|\s)language-(\S+)/.exec(code?.attribs?.class ?? '')?.[1] };
}

/** A table in a box that scrolls it sideways when too wide (focusable: keyboard users scroll it too). */
export function Table({ children }: { children?: ReactNode }) {
  return (
    <div className="x-agent-md-table" tabIndex={0}>
      <table>{children}</table>
    </div>
  );
}

/** A link; one whose URL was removed as unsafe shows as plain text, not as a dead link. */
export function Link({ href, target, title, children }: { href?: string | undefined; target?: string | undefined; title?: string | undefined; children?: ReactNode }) {
  const url = safeUrl(href);
  if (!url) return <span className="x-agent-stripped-link" data-xagent-stripped-link="">{children}</span>;
  return (
    <a href={url} title={title} target={target} rel={target === '_blank' ? 'noopener noreferrer' : undefined}>
      {children}
    </a>
  );
}

/** An image of model output: behind the image gate. */
export function Image({ src, alt, title }: { src?: string | undefined; alt?: string | undefined; title?: string | undefined }) {
  return <ImageGate src={src} alt={alt} title={title} />;
}

/** A fenced code block as XMarkdown hands it over (its parsed node). */
function Pre({ domNode }: ComponentProps) {
  const { code, lang } = codeOf(domNode as ParsedNode);
  return <CodeBlock code={code} lang={lang} streaming={false} />;
}

/**
 * The same renderers in XMarkdown's shape (`<XMarkdown components>`): what the kit's own pipeline
 * (markdown-html.ts) renders, element for element — `markdown-html.test.tsx` compares the two.
 */
export const MARKDOWN_COMPONENTS: NonNullable<XMarkdownProps['components']> = {
  table: Table,
  pre: Pre,
  a: Link,
  img: Image,
};

/** The kit's component for a node of a parsed reply that needs one (see above); undefined: the host element. */
function replaceMarkdownNode(node: ParsedNode, children: () => ReactNode, streaming: boolean): ReactElement | undefined {
  const attribs = node.attribs ?? {};
  switch (node.name) {
    case 'a':
      return createElement(Link, { href: attribs.href, target: attribs.target, title: attribs.title }, children());
    case 'img':
      return createElement(Image, { src: attribs.src, alt: attribs.alt, title: attribs.title });
    case 'pre':
      return createElement(CodeBlock, { ...codeOf(node), streaming });
    case 'table':
      return createElement(Table, null, children());
    default:
      return undefined;
  }
}

/** What the markdown chunk's pipeline renders as the kit's own components (markdown-pipeline.ts hands it over). */
export const MARKDOWN_KIT: MarkdownKit = { components: MARKDOWN_COMPONENTS, replace: replaceMarkdownNode };
