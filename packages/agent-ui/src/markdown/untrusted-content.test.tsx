import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMockAgentServer, inProcessFetch } from '@x/mock-server';
import { beforeAll, afterEach, describe, expect, it } from 'vitest';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { AgentChat } from '../chat/agent-chat.js';
import { StreamingMarkdown } from './streaming-markdown.js';

// The image gate is in the on-demand chunk: load it first, so the assertions see it rather than its stand-in.
beforeAll(() => preloadOnDemand());

declare global {
  interface Window {
    __pwned?: number;
  }
}

const ATTACKS = [
  '<script>window.__pwned = 1</script>',
  '<img src="x" onerror="window.__pwned = 2">',
  '<style>body { display: none !important }</style>',
  '<div style="position:fixed;inset:0;background:red">overlay</div>',
  '<iframe src="javascript:window.__pwned=3"></iframe>',
  '[click me](javascript:window.__pwned=4)',
  '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[vb](vbscript:msgbox(1))',
  '![img](javascript:window.__pwned=5)',
  '<a href="javascript:window.__pwned=6">raw link</a>',
  '<svg><script>window.__pwned=7</script></svg>',
  '<form action="https://evil.test"><button>Submit</button></form>',
  '[external](https://example.com/docs)',
].join('\n\n');

function assertHarmless(root: HTMLElement) {
  expect(window.__pwned).toBeUndefined();
  expect(root.querySelector('script, style, iframe, object, embed, form, link, meta')).toBeNull();
  // The kit's own icons are SVG; model output never is. The kit's own markdown elements (marked
  // data-xagent-kit, an attribute model output cannot carry) and code blocks are styled by the kit.
  const kit = '[data-xagent-kit], [data-xagent-code-block]';
  for (const svg of root.querySelectorAll('[data-xagent-markdown] svg')) expect(svg.closest(kit)).not.toBeNull();
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.getAttributeNames()) {
      expect(attribute.startsWith('on'), `${element.tagName} has ${attribute}`).toBe(false);
    }
    // (The plain-text stand-in of a block not parsed yet is the kit's too: its one style is the
    // height it reserves, from the text's length.)
    const kitOwned = element.hasAttribute('data-xagent-kit') || element.hasAttribute('data-xagent-markdown-pending') || element.closest('[data-xagent-code-block], button[data-xagent-kit]');
    // (An empty `style=""` — a block wrapper's, seen in some runs — styles nothing.)
    if (element.closest('[data-xagent-markdown]') && !kitOwned) expect(element.getAttribute('style')?.trim() ?? '', `${element.tagName} has style: ${element.outerHTML.slice(0, 200)}`).toBe('');
  }
  for (const element of root.querySelectorAll('[href], [src]')) {
    const url = element.getAttribute('href') ?? element.getAttribute('src') ?? '';
    expect(url).not.toMatch(/^\s*(javascript|vbscript|data):/i);
  }
  // No global style was added by the content (the kit's own, e.g. its focus ring, are hoisted by React with an `xagent-` href).
  expect(document.head.querySelectorAll('style:not([data-css-hash]):not([data-rc-order]):not([data-token-hash]):not([data-href^="xagent-"])').length).toBe(0);
}

afterEach(() => {
  delete window.__pwned;
});

describe('untrusted markdown', () => {
  it('escapes raw HTML, removes unsafe URLs and opens external links safely', async () => {
    const { container } = render(<StreamingMarkdown text={ATTACKS} />);
    // Raw HTML shows as text, it does not become elements.
    expect(container.textContent).toContain('<script>window.__pwned = 1</script>');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assertHarmless(container);
    const external = screen.getByRole('link', { name: 'external' });
    expect(external).toHaveAttribute('href', 'https://example.com/docs');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external.getAttribute('rel')).toMatch(/noopener/);
    expect(external.getAttribute('rel')).toMatch(/noreferrer/);
  });

  it('is just as harmless while the same content streams in', async () => {
    const { container, rerender } = render(<StreamingMarkdown text="" streaming />);
    for (let end = 5; end < ATTACKS.length + 5; end += 5) {
      rerender(<StreamingMarkdown text={ATTACKS.slice(0, end)} streaming />);
      assertHarmless(container);
    }
    rerender(<StreamingMarkdown text={ATTACKS} />);
    assertHarmless(container);
  });

  it('renders a model reply with injection attempts harmlessly inside AgentChat', async () => {
    const server = createMockAgentServer({ agents: { evil: { chunkDelayMs: 1, steps: [[{ type: 'text', text: ATTACKS }]] } } });
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="evil" chatOptions={{ fetch: inProcessFetch(server) }} />);
    await user.type(screen.getByRole('textbox'), 'hi{Enter}');
    const log = screen.getByRole('log');
    await within(log).findByRole('link', { name: 'external' }, { timeout: 10_000 });
    await waitFor(() => expect(container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'));
    // Once every block is parsed (a finished reply's last blocks parse after a paint) and the kit's
    // own transient elements of the stream's end are gone: what stays is what the reader gets, and an
    // injected attribute would stay (the check times out on it).
    await waitFor(() => expect(log.querySelector('[data-xagent-markdown-pending]')).toBeNull());
    await waitFor(() => assertHarmless(log));
  });
});
