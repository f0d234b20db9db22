import { completeTail } from './complete-tail.js';
import type { MarkdownHtml } from './markdown-html.js';

/** The words a reply's announcement puts around what a table holds (from the kit's strings). */
export interface SpeechWords {
  /** A table's header row; `cells` joined by `tableCellSeparator`, e.g. "Columns: Metric, Before, After." */
  tableColumnsSpeech: (cells: string) => string;
  /** One body row of a table (`row` counts from 1), e.g. "Row 1: Latency, 120 ms, 80 ms." */
  tableRowSpeech: (row: number, cells: string) => string;
  /** What goes between a row's cells when read (", " in English). */
  tableCellSeparator: string;
}

/** What the walk reads of a token (marked's token shapes, the fields the speech uses). */
interface SpeechToken {
  type: string;
  text?: string;
  tokens?: SpeechToken[];
  items?: { tokens?: SpeechToken[] }[];
  header?: { tokens?: SpeechToken[] }[];
  rows?: { tokens?: SpeechToken[] }[][];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text as the page shows it: the few entities marked leaves in text decoded, runs of white space one space. */
function plain(text: string): string {
  return text
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .replace(/\s+/g, ' ');
}

/** The text of inline tokens: code spans exactly as written (characters and spacing), the rest as shown. */
function inlineText(tokens: readonly SpeechToken[] | undefined): string {
  let out = '';
  for (const token of tokens ?? []) {
    if (token.type === 'codespan') out += token.text ?? '';
    else if (token.type === 'br') out += ' ';
    else if (token.type === 'image') out += plain(token.text ?? '');
    else if (token.tokens) out += inlineText(token.tokens);
    else out += plain(token.text ?? '');
  }
  return out;
}

function cellsOf(cells: readonly { tokens?: SpeechToken[] }[]): string[] {
  return cells.map((cell) => inlineText(cell.tokens).trim()).filter(Boolean);
}

/** The sentences of block tokens, in order. */
function blockTexts(tokens: readonly SpeechToken[], words: SpeechWords, out: string[]): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
      case 'hr':
      case 'def':
        break;
      case 'code':
        out.push(token.text ?? '');
        break;
      case 'table': {
        const header = cellsOf(token.header ?? []);
        if (header.length) out.push(words.tableColumnsSpeech(header.join(words.tableCellSeparator)));
        (token.rows ?? []).forEach((row, index) => {
          const cells = cellsOf(row);
          if (cells.length) out.push(words.tableRowSpeech(index + 1, cells.join(words.tableCellSeparator)));
        });
        break;
      }
      case 'list':
        for (const item of token.items ?? []) blockTexts(item.tokens ?? [], words, out);
        break;
      case 'blockquote':
        blockTexts(token.tokens ?? [], words, out);
        break;
      default:
        // Paragraphs, headings, a list item's text, escaped raw HTML (shown as text).
        out.push(token.tokens ? inlineText(token.tokens) : plain(token.text ?? ''));
    }
  }
}

/**
 * What a screen reader is given of one markdown block: the text the page shows, not the markup.
 * Parsed by the kit's own parser (`lex`: the one that renders it), so a table is read as its header and
 * rows ("Columns: Metric, Before, After. Row 1: Latency, 120 ms, 80 ms."), inline code keeps its
 * characters and spacing, links and emphasis are their text, an image its alt text. A block still
 * streaming (`streaming`) is closed first as the page closes it (`completeTail`), so a half-written
 * `**bold` is read as the page shows it.
 */
export function markdownSpeech(lex: MarkdownHtml['lexMarkdown'], markdown: string, words: SpeechWords, streaming = false): string {
  const source = streaming ? completeTail(markdown) : markdown;
  if (!source.trim()) return '';
  const out: string[] = [];
  blockTexts(lex(source) as unknown as readonly SpeechToken[], words, out);
  return out
    .map((text) => text.trim())
    .filter(Boolean)
    .join(' ');
}
