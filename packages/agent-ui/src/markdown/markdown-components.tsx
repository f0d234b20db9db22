'use client';
import type { ComponentProps, XMarkdownProps } from '@ant-design/x-markdown';
import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { safeUrl } from './safe-url.js';
import { CodeBlock } from './code-block.js';
import { ImageGate } from '../lazy/on-demand.js';
import { useMarkdownStyles } from './markdown-styles.js';

/** Whether the markdown block being rendered is the streaming tail (code stays plain meanwhile). */
const BlockStreamingContext = createContext(false);
export const BlockStreamingProvider = BlockStreamingContext.Provider;

type Props = ComponentProps & { href?: string; src?: string; alt?: string; title?: string; target?: string; children?: ReactNode };

/** The text of a parsed node (a code block's source, entity-decoded by the parser). */
function textOf(node: unknown): string {
  const n = node as { type?: string; data?: string; children?: unknown[] };
  if (n.type === 'text') return n.data ?? '';
  return (n.children ?? []).map(textOf).join('');
}

function Table({ children }: Props) {
  const styles = useMarkdownStyles();
  return (
    <div style={styles.tableWrap} tabIndex={0} data-xagent-kit="">
      <table style={styles.table} data-xagent-kit="">{children}</table>
    </div>
  );
}

/** A markdown column's alignment as a logical one: `:--` is the start of the line, `--:` its end (mirrored in a right-to-left reply). */
function cellAlign(align: string): CSSProperties['textAlign'] {
  return align === 'left' ? 'start' : align === 'right' ? 'end' : (align as CSSProperties['textAlign']);
}

function Th({ children, align }: Props & { align?: string }) {
  const styles = useMarkdownStyles();
  return <th style={align ? { ...styles.th, textAlign: cellAlign(align) } : styles.th} data-xagent-kit="">{children}</th>;
}

function Td({ children, align }: Props & { align?: string }) {
  const styles = useMarkdownStyles();
  return <td style={align ? { ...styles.td, textAlign: cellAlign(align) } : styles.td} data-xagent-kit="">{children}</td>;
}

function Blockquote({ children }: Props) {
  return <blockquote style={useMarkdownStyles().blockquote} data-xagent-kit="">{children}</blockquote>;
}

/** `<pre>` only wraps a block `<code>`, which renders its own box. */
function Pre({ children }: Props) {
  return <>{children}</>;
}

function Code({ block, lang, domNode, className, children }: Props) {
  const styles = useMarkdownStyles();
  const streaming = useContext(BlockStreamingContext);
  // DOMPurify drops the parser's data-block/data-lang (no data attributes from model output): a
  // block is a <code> inside a <pre>, its language the `language-*` class.
  const node = domNode as { parent?: { name?: string } | null };
  if (block || node.parent?.name === 'pre') {
    const language = lang ?? /(?:^|\s)language-(\S+)/.exec(className ?? '')?.[1];
    return <CodeBlock code={textOf(domNode)} lang={language} streaming={streaming} />;
  }
  return <code style={styles.inlineCode} data-xagent-kit="">{children}</code>;
}

/** A link; one whose URL was removed as unsafe shows as plain text, not as a dead link. */
function Link({ href, target, title, children }: Props) {
  const styles = useMarkdownStyles();
  const url = safeUrl(href);
  if (!url) return <span style={styles.strippedLink} data-xagent-stripped-link="" data-xagent-kit="">{children}</span>;
  return (
    <a href={url} title={title} target={target} rel={target === '_blank' ? 'noopener noreferrer' : undefined} style={styles.link} data-xagent-kit="">
      {children}
    </a>
  );
}

function Image({ src, alt, title }: Props) {
  return <ImageGate src={src} alt={alt} title={title} />;
}

/*
 * Every element the kit styles itself carries `data-xagent-kit`: model output cannot (DOMPurify
 * removes data attributes and inline styles from it), so tests tell the two apart.
 */

/** The kit's renderers of markdown elements (one constant object: the shared pipeline in markdown-html.ts is built with it once). */
export const MARKDOWN_COMPONENTS: NonNullable<XMarkdownProps['components']> = {
  table: Table,
  th: Th,
  td: Td,
  blockquote: Blockquote,
  pre: Pre,
  code: Code,
  a: Link,
  img: Image,
};
