import { describe, expect, it } from 'vitest';
import { splitMarkdownBlocks, type MarkdownBlocks } from './markdown-blocks.js';

const DOC = '# Title\n\nFirst paragraph\nwith two lines.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\nTail text';

function streamed(text: string, step: number): MarkdownBlocks {
  let blocks: MarkdownBlocks | undefined;
  for (let end = step; end < text.length + step; end += step) blocks = splitMarkdownBlocks(text.slice(0, end), blocks);
  return blocks!;
}

describe('splitMarkdownBlocks', () => {
  it('splits at blank lines outside code fences', () => {
    const blocks = splitMarkdownBlocks(DOC);
    expect(blocks.done).toEqual(['# Title', 'First paragraph\nwith two lines.', '```ts\nconst a = 1;\n\nconst b = 2;\n```', '| a | b |\n| - | - |\n| 1 | 2 |']);
    expect(blocks.tail).toBe('Tail text');
  });

  it('gives the same blocks when the text arrives in chunks of any size', () => {
    const whole = splitMarkdownBlocks(DOC);
    for (const step of [1, 2, 3, 7, 16]) {
      const incremental = streamed(DOC, step);
      expect(incremental.done).toEqual(whole.done);
      expect(incremental.tail).toBe(whole.tail);
    }
  });

  it('keeps finished blocks (same array) while only the tail grows, and scans only new lines', () => {
    const a = splitMarkdownBlocks('Para one.\n\nPara two is');
    const b = splitMarkdownBlocks('Para one.\n\nPara two is growing', a);
    expect(b.done).toBe(a.done);
    expect(b.tail).toBe('Para two is growing');
    // Lines before `scanned` are never looked at again.
    expect(b.scanned).toBe(a.scanned);
  });

  it('keeps an unclosed fence in the tail, blank lines included', () => {
    const blocks = splitMarkdownBlocks('Intro\n\n```py\nprint(1)\n\nprint(2)\n');
    expect(blocks.done).toEqual(['Intro']);
    expect(blocks.tail).toBe('```py\nprint(1)\n\nprint(2)\n');
  });

  it('starts over when the text is replaced rather than extended', () => {
    const a = splitMarkdownBlocks('One.\n\nTwo.');
    const b = splitMarkdownBlocks('Other.\n\nText.', a);
    expect(b.done).toEqual(['Other.']);
    expect(b.tail).toBe('Text.');
  });
});
