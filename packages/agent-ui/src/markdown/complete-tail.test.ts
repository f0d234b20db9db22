import { describe, expect, it } from 'vitest';
import { completeTail } from './complete-tail.js';

describe('completeTail', () => {
  it('closes what a half-written block leaves open', () => {
    expect(completeTail('Some **bold')).toBe('Some **bold**');
    expect(completeTail('Use `npm i')).toBe('Use `npm i`');
    expect(completeTail('Gone ~~soon')).toBe('Gone ~~soon~~');
    expect(completeTail('```ts\nconst a = 1;')).toBe('```ts\nconst a = 1;\n```');
    expect(completeTail('~~~\ncode\n')).toBe('~~~\ncode\n~~~');
  });
  it('shows half-written links as text and drops half-written images', () => {
    expect(completeTail('See [the docs](https://exa')).toBe('See the docs');
    expect(completeTail('See [the do')).toBe('See the do');
    expect(completeTail('Look ![chart](https://x')).toBe('Look ');
  });
  it('leaves complete markdown alone', () => {
    for (const text of ['**bold** and `code`', '[a](https://b.c) done', '```\ncode\n```', 'plain text']) expect(completeTail(text)).toBe(text);
  });
});
