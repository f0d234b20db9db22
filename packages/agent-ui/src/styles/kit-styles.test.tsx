import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AgentUIProvider } from '../config.js';
import { StreamingMarkdown } from '../markdown/streaming-markdown.js';
import { KIT_CSS } from './kit-css.js';
import { KIT_STYLES_HREF } from './kit-styles.js';

const REPLIES = ['Some **bold** text.', '| a | b |\n| --- | --- |\n| 1 | 2 |', '> a quote with `code`'];

/** The kit's `<style>` elements in server-rendered HTML (React merges those of one precedence: `data-href` lists them). */
const sheetsIn = (html: string) => html.match(new RegExp(`<style[^>]*data-href="(?:[^"]* )?${KIT_STYLES_HREF}(?: [^"]*)?"[^>]*>`, 'g')) ?? [];

describe('the kit stylesheet at run time', () => {
  it('is server-rendered once for a provider and all the replies below it (the HTML arrives styled)', () => {
    const html = renderToString(
      <AgentUIProvider>
        {REPLIES.map((text) => (
          <StreamingMarkdown key={text} text={text} />
        ))}
      </AgentUIProvider>,
    );
    expect(sheetsIn(html)).toHaveLength(1);
    expect(sheetsIn(html)[0]).toContain('data-precedence="default"');
    expect(html).toContain('.x-agent-md blockquote{');
  });

  it('is rendered by a reply itself outside any provider (still one for the page)', () => {
    const html = renderToString(
      <>
        {REPLIES.map((text) => (
          <StreamingMarkdown key={text} text={text} />
        ))}
      </>,
    );
    expect(sheetsIn(html)).toHaveLength(1);
  });

  it('is not rendered with styles="static" (the app imports @x/agent-ui/styles.css), here or by the replies below', () => {
    const html = renderToString(
      <AgentUIProvider styles="static">
        <AgentUIProvider>
          <StreamingMarkdown text="Hello **there**" />
        </AgentUIProvider>
      </AgentUIProvider>,
    );
    expect(sheetsIn(html)).toHaveLength(0);
    expect(html).toContain('class="x-agent-md"');
  });

  it('lands in the document head, once, with the stylesheet\'s text', () => {
    render(
      <AgentUIProvider>
        {REPLIES.map((text) => (
          <StreamingMarkdown key={text} text={text} />
        ))}
      </AgentUIProvider>,
    );
    const sheets = document.head.querySelectorAll(`style[data-href="${KIT_STYLES_HREF}"]`);
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.textContent).toBe(KIT_CSS);
  });
});
