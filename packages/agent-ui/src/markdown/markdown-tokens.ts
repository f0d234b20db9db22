import type { XMarkdownProps } from '@ant-design/x-markdown';
import type { Parser } from '@ant-design/x-markdown/es/XMarkdown/core/index.js';
import { cloneElement, createElement, isValidElement, type ReactElement, type ReactNode } from 'react';

/** A node of a reply's markdown that a kit component renders (a link, an image, a code block, a table). */
export interface ParsedNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: ParsedNode[];
}

/**
 * What the kit renders as its own components (markdown-components.tsx, in the page's first load):
 * handed to `markdownHtml`, which lives in the markdown chunk (markdown-pipeline.ts) with the
 * third-party code only.
 */
export interface MarkdownKit {
  /** The components in XMarkdown's shape (the parser is given them; `<XMarkdown components>` takes the same). */
  components: NonNullable<XMarkdownProps['components']>;
  /**
   * The element for a node that needs a component (a link, an image, a code block, a table), given
   * the node's rendered children and whether it is in a streaming tail; undefined: the host element.
   */
  replace(node: ParsedNode, children: () => ReactNode, streaming: boolean): ReactElement | undefined;
}

/** One token of the kit's markdown parse (marked's). */
export type MarkdownToken = ReturnType<Parser['markdownInstance']['lexer']>[number];

/**
 * marked's tokens straight to React elements: what marked's HTML renderer (with XMarkdown's
 * renderers: raw HTML escaped, links opened in a new tab, fenced code marked up for its component)
 * would put in the page after the sanitizer, element for element — without the HTML string, the
 * sanitizer parsing it into a document and that document converted to React elements again.
 *
 * Nothing here can produce markup from model output: text is React text (never parsed as HTML),
 * raw HTML in the markdown is shown as its text (as `escapeRawHtml` does), and the only attributes
 * set from the markdown are a link's URL and title and an image's source, text and title — each URL
 * checked by the sanitizer's own rule (below) and then by the kit's link and image components
 * (`safeUrl`, the image gate). `markdown-html.test.tsx` compares the output with `<XMarkdown>`'s.
 */
export function tokensToReact(tokens: readonly MarkdownToken[], kit: MarkdownKit, streaming: boolean): ReactNode[] {
  return new TokenRenderer(kit, streaming).blocks(tokens, true);
}

type Token = MarkdownToken & { tokens?: MarkdownToken[]; text?: string; raw?: string };
/** The token shapes this file reads (marked's `Tokens.*`, by their fields). */
interface ListToken { ordered: boolean; start: number | ''; items: ListItemToken[] }
interface ListItemToken { task: boolean; checked?: boolean; loose: boolean; tokens: MarkdownToken[] }
interface TableCellToken { tokens: MarkdownToken[]; header: boolean; align: 'center' | 'left' | 'right' | null }
interface TableToken { header: TableCellToken[]; rows: TableCellToken[][] }
interface LinkToken { href: string; title?: string | null; tokens: MarkdownToken[]; text: string }

/** The URLs model output may carry (DOMPurify's test, the kit's sanitizer config): whitespace and controls removed first. */
// eslint-disable-next-line no-control-regex -- DOMPurify's own pattern: control characters are what it removes
const URL_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
export const ALLOWED_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
function allowedUrl(url: string, dataUri: boolean): string | undefined {
  const squeezed = url.replace(URL_WHITESPACE, '');
  return ALLOWED_URL.test(squeezed) || (dataUri && url.startsWith('data:')) ? url : undefined;
}

/** marked's `cleanUrl`: the URL percent-encoded as `encodeURI` does (a `%` stays a `%`); null when it cannot be. */
function cleanUrl(href: string): string | null {
  try {
    return encodeURI(href).replace(/%25/g, '%');
  } catch {
    return null;
  }
}

let decoder: HTMLTextAreaElement | undefined;
const BASIC_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/**
 * Character references in marked's text decoded as the HTML parser would (`&amp;` → `&`, `&copy;`,
 * `&#39;`): marked leaves them in its HTML for the browser to decode. With a DOM, the browser's own
 * decoder (a detached `<textarea>`: its content is text, never elements); without one, the common
 * references.
 */
function decode(text: string): string {
  if (!text.includes('&')) return text;
  if (typeof document !== 'undefined') {
    decoder ??= document.createElement('textarea');
    decoder.innerHTML = text;
    return decoder.value;
  }
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return BASIC_ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** An element with its children as arguments (no array: React wants no keys for them). */
function element(type: string, props: Record<string, unknown> | null, children: ReactNode[]): ReactNode {
  return createElement(type, props, ...children);
}

class TokenRenderer {
  constructor(
    private readonly kit: MarkdownKit,
    private readonly streaming: boolean,
  ) {}

  /** A kit component for a node that needs one (a link, an image, a code block, a table); else the host element. */
  private tag(name: string, attribs: Record<string, string>, children: () => ReactNode[], extra: ParsedNode[] = []): ReactNode {
    const node: ParsedNode = { type: 'tag', name, attribs, children: extra };
    let rendered: ReactNode[] | undefined;
    const inner = () => (rendered ??= children());
    const replaced = this.kit.replace(node, () => {
      const list = inner();
      return list.length === 0 ? undefined : list.length === 1 ? list[0] : list.map((child, index) => keyed(child, index));
    }, this.streaming);
    return replaced ?? element(name, attribs, inner());
  }

  /** Block tokens (marked's `Parser.parse`); `top`: not inside a tight list item. */
  blocks(tokens: readonly MarkdownToken[], top: boolean): ReactNode[] {
    const out: ReactNode[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] as Token;
      switch (token.type) {
        case 'space':
        case 'def':
          break;
        case 'hr':
          out.push(element('hr', null, []), '\n');
          break;
        case 'heading':
          out.push(element(`h${(token as unknown as { depth: number }).depth}`, null, this.inline(token.tokens ?? [])), '\n');
          break;
        case 'code':
          out.push(this.code(token), '\n');
          break;
        case 'table':
          out.push(this.table(token as unknown as TableToken), '\n');
          break;
        case 'blockquote':
          out.push(element('blockquote', null, ['\n', ...this.blocks(token.tokens ?? [], true)]), '\n');
          break;
        case 'list':
          out.push(this.list(token as unknown as ListToken), '\n');
          break;
        case 'html':
          // Raw HTML is shown as its text (XMarkdown's `escapeRawHtml`).
          out.push(token.raw || token.text || '');
          break;
        case 'paragraph':
          out.push(element('p', null, this.inline(token.tokens ?? [])), '\n');
          break;
        case 'text': {
          // Consecutive text tokens are one run, a line apart (a tight list item's lines).
          const run: ReactNode[] = this.text(token);
          while (i + 1 < tokens.length && (tokens[i + 1] as Token).type === 'text') run.push('\n', ...this.text(tokens[++i] as Token));
          if (top) out.push(element('p', null, run), '\n');
          else out.push(...run);
          break;
        }
        default:
          // A token kind the kit's parser does not produce: its source as text.
          if (token.raw) out.push(token.raw);
      }
    }
    return out;
  }

  /** Inline tokens (marked's `Parser.parseInline`). */
  inline(tokens: readonly MarkdownToken[]): ReactNode[] {
    const out: ReactNode[] = [];
    for (const raw of tokens) {
      const token = raw as Token;
      switch (token.type) {
        case 'text':
          out.push(...this.text(token));
          break;
        case 'escape':
          // A backslash-escaped character: that character, as text.
          out.push(token.text ?? '');
          break;
        case 'html':
          out.push(token.raw || token.text || '');
          break;
        case 'strong':
        case 'em':
        case 'del':
          out.push(element(token.type, null, this.inline(token.tokens ?? [])));
          break;
        case 'codespan':
          // Escaped by marked's renderer: the code's text exactly, character references included.
          out.push(element('code', null, [token.text ?? '']));
          break;
        case 'br':
          out.push(element('br', null, []));
          break;
        case 'link':
          out.push(this.link(token as unknown as LinkToken));
          break;
        case 'image':
          out.push(...this.image(token as unknown as LinkToken));
          break;
        default:
          if (token.raw) out.push(token.raw);
      }
    }
    return out;
  }

  /** A text token: its inline tokens, or its text (XMarkdown's text renderer writes it unescaped: the browser decodes it). */
  private text(token: Token): ReactNode[] {
    if (token.tokens) return this.inline(token.tokens);
    const text = decode(token.text ?? '');
    return text ? [text] : [];
  }

  private code(token: Token): ReactNode {
    const { text = '', lang, escaped } = token as Token & { lang?: string; escaped?: boolean };
    const info = (lang ?? '').trim();
    const language = /^\S*/.exec(info)?.[0];
    const body = `${text.replace(/\n$/, '')}\n`;
    const code = escaped ? decode(body) : body;
    const attribs: Record<string, string> = language ? { class: `language-${language}` } : {};
    const codeNode: ParsedNode = { type: 'tag', name: 'code', attribs, children: [{ type: 'text', data: code }] };
    return this.tag('pre', {}, () => [element('code', language ? { className: `language-${language}` } : null, [code])], [codeNode]);
  }

  private list(token: ListToken): ReactNode {
    const items: ReactNode[] = ['\n'];
    for (const item of token.items) items.push(element('li', null, this.listItem(item)), '\n');
    const start = token.ordered && token.start !== 1 && token.start !== '' ? { start: String(token.start) } : null;
    return element(token.ordered ? 'ol' : 'ul', start, items);
  }

  /**
   * A list item's content: a loose item's text in paragraphs. A task's checkbox is not rendered (the
   * sanitizer removed inputs from XMarkdown's HTML); the space marked writes after it stays, where
   * marked puts it.
   */
  private listItem(item: ListItemToken): ReactNode[] {
    if (!item.task) return this.blocks(item.tokens, item.loose);
    if (!item.loose) return [' ', ...this.blocks(item.tokens, false)];
    const [first, ...rest] = item.tokens as Token[];
    if (first?.type !== 'paragraph') return this.blocks([{ type: 'text', raw: ' ', text: ' ' } as MarkdownToken, ...item.tokens], true);
    const inline = first.tokens ?? [];
    const lead = (inline[0] as Token | undefined)?.type === 'text' ? [' '] : [];
    return [element('p', null, [...lead, ...this.inline(inline)]), '\n', ...this.blocks(rest, true)];
  }

  private table(token: TableToken): ReactNode {
    const cell = (c: TableCellToken) => element(c.header ? 'th' : 'td', c.align ? { align: c.align } : null, this.inline(c.tokens));
    const head = element('thead', null, [element('tr', null, token.header.map(cell))]);
    const rows = token.rows.map((row) => element('tr', null, row.map(cell)));
    return this.tag('table', {}, () => (rows.length ? [head, element('tbody', null, rows)] : [head]));
  }

  private link(token: LinkToken): ReactNode {
    const href = allowedUrl(decode(token.href), false);
    const attribs: Record<string, string> = { ...(href === undefined ? {} : { href }), target: '_blank', rel: 'noopener noreferrer' };
    if (token.title) attribs.title = decode(token.title);
    return this.tag('a', attribs, () => this.inline(token.tokens));
  }

  /** An image (marked's renderer: its text as plain text, a URL that cannot be encoded gives the text alone). */
  private image(token: LinkToken): ReactNode[] {
    const alt = decode(token.tokens ? plainText(token.tokens) : token.text);
    const cleaned = cleanUrl(token.href);
    if (cleaned === null) return alt ? [alt] : [];
    const src = allowedUrl(decode(cleaned), true);
    const attribs: Record<string, string> = { ...(src === undefined ? {} : { src }), alt };
    if (token.title) attribs.title = decode(token.title);
    return [this.tag('img', attribs, () => [])];
  }
}

/** Inline tokens as plain text (marked's `TextRenderer`: an image's alternative text). */
function plainText(tokens: readonly MarkdownToken[]): string {
  let out = '';
  for (const raw of tokens) {
    const token = raw as Token;
    if (token.type === 'br') continue;
    out += token.text ?? '';
  }
  return out;
}

/** A child of a list given to a component as an array: keyed by its place. */
export function keyed(child: ReactNode, index: number): ReactNode {
  return isValidElement(child) ? cloneElement(child, { key: String(index) }) : child;
}
