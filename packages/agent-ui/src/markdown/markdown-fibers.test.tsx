import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { StreamingMarkdown } from './streaming-markdown.js';

// The image gate is in the on-demand chunk: load it first (its stand-in is not what is measured).
beforeAll(() => preloadOnDemand());

/**
 * The replies of a render-benchmark history (`bench/render/fixtures`): `history-100` here;
 * `MARKDOWN_FIBERS_FIXTURE=history-1000` measures the 1,000-message one (bench/results/markdown-fibers.md).
 */
function fixtureReplies(): string[] {
  const name = process.env.MARKDOWN_FIBERS_FIXTURE ?? 'history-100';
  const file = path.join(import.meta.dirname, `../../../../bench/render/fixtures/${name}.json`);
  const messages = JSON.parse(readFileSync(file, 'utf8')) as { role: string; parts: { type: string; text?: string }[] }[];
  return messages.filter((m) => m.role === 'assistant').map((m) => m.parts.map((p) => (p.type === 'text' ? (p.text ?? '') : '')).join(''));
}

interface FiberLike {
  tag: number;
  type: unknown;
  elementType: unknown;
  memoizedProps: Record<string, unknown> | null;
  child: FiberLike | null;
  sibling: FiberLike | null;
}

/** Every fiber React keeps for what is rendered in `container`. */
function fibersOf(container: HTMLElement): FiberLike[] {
  const key = Object.keys(container).find((k) => k.startsWith('__reactContainer$'))!;
  // The container holds a HostRoot fiber; its FiberRoot (`stateNode`) knows which of the two is current.
  const root = ((container as unknown as Record<string, { stateNode: { current: FiberLike } }>)[key]!).stateNode.current;
  const out: FiberLike[] = [];
  const stack: FiberLike[] = root.child ? [root.child] : [];
  while (stack.length) {
    const fiber = stack.pop()!;
    out.push(fiber);
    if (fiber.sibling) stack.push(fiber.sibling);
    if (fiber.child) stack.push(fiber.child);
  }
  return out;
}

const HOST_TAG = 5;
const TEXT_TAG = 6;
const HOISTABLE_TAGS = new Set([26, 27]);

/** A component's name (function, memo, forwardRef), or `tag<N>` for providers and other internal fibers. */
function nameOf(fiber: FiberLike): string {
  const type = fiber.elementType as { displayName?: string; name?: string; type?: { name?: string }; render?: { name?: string } } | null;
  return type?.displayName ?? type?.name ?? type?.type?.name ?? type?.render?.name ?? `tag${fiber.tag}`;
}

/** The components (not host elements or text) among `fibers`, by name. */
function components(fibers: FiberLike[]): Map<string, number> {
  const names = new Map<string, number>();
  for (const fiber of fibers) {
    if (fiber.tag === HOST_TAG || fiber.tag === TEXT_TAG || HOISTABLE_TAGS.has(fiber.tag)) continue;
    const name = nameOf(fiber);
    names.set(name, (names.get(name) ?? 0) + 1);
  }
  return names;
}

/** A node of a parsed document (html-dom-parser / domhandler: a `type`, and links to its parent and siblings). */
function isParsedNode(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'parent' in value && 'type' in value && ('children' in value || 'data' in value);
}

const REPLY = [
  '# Title',
  'Some **bold**, `code` and [a link](https://example.com/docs).',
  '- one\n- two',
  '> a quote',
  '| a | b | c |\n| --- | :-: | --: |\n| 1 | 2 | 3 |\n| 4 | 5 | 6 |',
  '![chart](https://img.example/chart.png)',
  '```ts\nconst answer = 42;\n```',
].join('\n\n');

describe('markdown with few components', () => {
  it('renders host elements: headings, lists, quotes, inline code and table cells are no components of their own', () => {
    const { container } = render(<StreamingMarkdown text={REPLY} />);
    const names = components(fibersOf(container));
    // What behaviour needs: the link (URL check), the image gate, the code block (highlighter, copy), the table's scroll box.
    for (const styleOnly of ['Th', 'Td', 'Blockquote', 'Code', 'Pre', 'MarkdownStylesProvider', 'PendingMarkdownStyle', 'MarkdownBlock']) expect(names.get(styleOnly), styleOnly).toBeUndefined();
    expect(names.get('Table')).toBe(1);
    expect(names.get('Link')).toBe(1);
    expect(names.get('CodeBlock')).toBe(1);
  });

  it('a finished reply keeps no parsed document: its components get what they need (a URL, the code), never a node of the parse', async () => {
    const { container } = render(<StreamingMarkdown text={REPLY} />);
    await waitFor(() => expect(container.querySelector('[data-xagent-image-blocked]')).not.toBeNull());
    const holding = fibersOf(container).filter((fiber) => Object.values(fiber.memoizedProps ?? {}).some(isParsedNode));
    expect(holding.map(nameOf)).toEqual([]);
  });

  it('a reply from history costs about 20 fibers (was 26: a component per element kind, style providers per message)', () => {
    const replies = fixtureReplies();
    const { container } = render(
      <>
        {replies.map((text, index) => (
          <StreamingMarkdown key={index} text={text} />
        ))}
      </>,
    );
    const fibers = fibersOf(container);
    const per = (n: number) => Number((n / replies.length).toFixed(1));
    const host = fibers.filter((f) => f.tag === HOST_TAG || HOISTABLE_TAGS.has(f.tag)).length;
    const text = fibers.filter((f) => f.tag === TEXT_TAG).length;
    const names = components(fibers);
    console.info(
      `markdown fibers: ${replies.length} replies, ${per(fibers.length)} fibers per reply (host ${per(host)}, text ${per(text)}, components and providers ${per(fibers.length - host - text)}):`,
      [...names].sort((a, b) => b[1] - a[1]).map(([name, count]) => `${name} ${per(count)}`).join(', '),
    );
    expect(per(fibers.length)).toBeLessThanOrEqual(22);
    // Per reply: the reply, its deferred parse — nothing per element kind.
    expect(per(fibers.length - host - text)).toBeLessThanOrEqual(2.5);
  });
});
