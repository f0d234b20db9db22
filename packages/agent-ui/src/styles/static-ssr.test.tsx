import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { AgentUIMessage } from '@x/agent-protocol';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AgentChat } from '../chat/agent-chat.js';
import { cssBlocks } from './css-rules.js';

const MESSAGES: AgentUIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is the capital of Portugal?' }] },
  { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Lisbon, **of course**.' }] },
];

/** A server render of AgentChat as an antd registry does it: the HTML, and the CSS the registry would put in its `<style>`. */
function serverRender(styles: 'runtime' | 'static', dark = false) {
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <AgentChat agentId="assistant" messages={MESSAGES} ui={{ styles, appearance: { dark } }} />
    </StyleProvider>,
  );
  const css = extractStyle(cache, { plain: true });
  const rules = cssBlocks(css).filter(({ prelude }) => !prelude.startsWith('@'));
  // A component rule: below an antd class, declaring more than variables (the token blocks only declare `--ant-*`).
  const componentRules = rules.filter(({ prelude, body }) => /\.ant-(?!icon)/.test(prelude) && /(?:^|;)\s*[a-z]/.test(body));
  return { html, css, componentRules: componentRules.length };
}

describe('AgentChat server-rendered in static styles mode (Next.js with an antd registry)', () => {
  it('runtime: the registry\'s CSS carries antd\'s and X\'s component rules', () => {
    expect(serverRender('runtime').componentRules).toBeGreaterThan(100);
  });

  it('static: only the token variables (what antd.css reads on the first paint), no component rules, no kit <style>', () => {
    const { html, css, componentRules } = serverRender('static');
    expect(componentRules).toBe(0);
    expect(css).toMatch(/--ant-color-primary:/);
    expect(html).toContain('class="ant-bubble');
    expect(html).not.toMatch(/css-dev-only-do-not-override|class="[^"]*\bcss-(?!var)[\w-]+/);
    expect(html).not.toContain('data-href="xagent-ui');
  });

  it('static and dark: the dark tokens are in the server CSS', () => {
    const { css, componentRules } = serverRender('static', true);
    expect(componentRules).toBe(0);
    expect(css).toContain('--ant-color-bg-container:#141414');
  });
});
