/**
 * Incremental splitting of streaming markdown into top-level blocks.
 *
 * A block ends at a blank line outside a code fence. Completed blocks never change while the text
 * only grows, so a renderer can memoize them and re-parse only the tail block: the work per update
 * is proportional to the new text, not to the whole message.
 */
export interface MarkdownBlocks {
  /** The text these blocks were computed from. */
  readonly text: string;
  /** Completed blocks (each without its trailing blank line). Never change while the text grows. */
  readonly done: readonly string[];
  /** The block still being written (may be empty). */
  readonly tail: string;
  /** Offset in `text` where `tail` starts. */
  readonly tailStart: number;
  /** Fence marker (``` or ~~~ run) open at `tailStart`… scanned up to `scanned`, or `null`. */
  readonly fence: string | null;
  /** Offset of the first unscanned line start at or after `tailStart`. */
  readonly scanned: number;
}

const EMPTY: MarkdownBlocks = { text: '', done: [], tail: '', tailStart: 0, fence: null, scanned: 0 };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Splits `text` into blocks, reusing `previous` when `text` extends `previous.text` (the streaming
 * case): only the lines after the last scanned line are looked at.
 */
export function splitMarkdownBlocks(text: string, previous: MarkdownBlocks = EMPTY): MarkdownBlocks {
  const base = text.startsWith(previous.text) ? previous : EMPTY;
  const done = base.done.slice();
  let tailStart = base.tailStart;
  let fence = base.fence;
  let lineStart = base.scanned;
  // Scan complete lines only (a line is complete once its newline has arrived).
  for (;;) {
    const newline = text.indexOf('\n', lineStart);
    if (newline === -1) break;
    const line = text.slice(lineStart, newline);
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
    } else if (marker) {
      fence = marker;
    } else if (line.trim() === '' && lineStart > tailStart) {
      const block = text.slice(tailStart, lineStart).replace(/\n+$/, '');
      if (block.trim() !== '') done.push(block);
      tailStart = newline + 1;
    } else if (line.trim() === '') {
      tailStart = newline + 1;
    }
    lineStart = newline + 1;
  }
  return { text, done: done.length === base.done.length ? base.done : done, tail: text.slice(tailStart), tailStart, fence, scanned: lineStart };
}
