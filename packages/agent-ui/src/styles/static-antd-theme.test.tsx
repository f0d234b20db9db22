import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { Button, theme as antdTheme } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Bubble, Sender } from '../antdx.js';
import { AgentUIProvider } from '../config.js';
import { cssBlocks } from './css-rules.js';

let containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers) container.remove();
  containers = [];
});

/**
 * Mounts `ui` with a fresh style cache writing into its own container (the style registration of
 * other tests in this worker does not count), and returns what antd / X registered at mount.
 */
function mountStyles(ui: ReactNode) {
  const container = document.createElement('div');
  document.head.append(container);
  containers.push(container);
  render(
    <StyleProvider cache={createCache()} container={container}>
      {ui}
    </StyleProvider>,
  );
  const css = [...container.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  const rules = cssBlocks(css);
  // A component rule: below an antd class, declaring more than variables (the token blocks only declare `--ant-*`).
  const componentRules = rules.filter(({ prelude, body }) => /\.ant-(?!icon)/.test(prelude) && /(?:^|;)\s*[a-z]/.test(body));
  return { css, styleElements: container.querySelectorAll('style').length, rules: rules.length, componentRules: componentRules.length };
}

const CHAT_PARTS = (
  <>
    <Button type="primary">Send</Button>
    <Bubble content="Hello" />
    <Sender />
  </>
);

// antd registers a component's rules once per worker and theme algorithm (their values that are not
// variables differ): each test mounts a theme no other test in this file mounts.
describe('AgentUIProvider styles="static": antd and Ant Design X register no component rules', () => {
  it('runtime (the default): component rules are registered at mount', () => {
    const { componentRules } = mountStyles(<AgentUIProvider>{CHAT_PARTS}</AgentUIProvider>);
    expect(componentRules).toBeGreaterThan(50);
  });

  it('static: no component rules, only antd\'s token variables (far fewer <style> elements and rules)', () => {
    const zero = mountStyles(<AgentUIProvider appearance={{ compact: true }} styles="static">{CHAT_PARTS}</AgentUIProvider>);
    const runtime = mountStyles(<AgentUIProvider appearance={{ dark: true }}>{CHAT_PARTS}</AgentUIProvider>);
    expect(zero.componentRules).toBe(0);
    expect(zero.css).toMatch(/--ant-color-primary:/);
    expect(zero.styleElements).toBeLessThan(runtime.styleElements);
    expect(zero.rules).toBeLessThan(runtime.rules / 4);
    // Unhashed: the class names antd.css's `.ant-*` selectors match, no `css-…` hash class beside them.
    expect(document.querySelector('.ant-btn')).not.toBeNull();
  });

  it('static keeps the theme: dark, compact and custom tokens still become antd\'s CSS variables', () => {
    const { css, componentRules } = mountStyles(
      <AgentUIProvider styles="static" appearance={{ dark: true, compact: true }} theme={{ token: { colorPrimary: '#00b96b' } }}>
        {CHAT_PARTS}
      </AgentUIProvider>,
    );
    expect(componentRules).toBe(0);
    expect(css).toContain('--ant-color-bg-container:#141414');
    expect(css).toContain('--ant-control-height:28px');
    expect(css).toContain('--ant-color-primary:#03a05e');
  });

  it('static on an outer provider applies to the providers inside it, whatever theme they set', () => {
    const { css, componentRules } = mountStyles(
      <AgentUIProvider styles="static">
        <AgentUIProvider theme={{ algorithm: antdTheme.darkAlgorithm }}>{CHAT_PARTS}</AgentUIProvider>
      </AgentUIProvider>,
    );
    expect(componentRules).toBe(0);
    expect(css).toContain('--ant-color-bg-container:#141414');
  });

  it('no hash class on the components in static mode (antd.css is unhashed)', () => {
    const container = document.createElement('div');
    containers.push(container);
    document.body.append(container);
    render(
      <StyleProvider cache={createCache()}>
        <AgentUIProvider styles="static">
          <Button>Send</Button>
        </AgentUIProvider>
      </StyleProvider>,
      { container },
    );
    const button = container.querySelector('.ant-btn')!;
    expect([...button.classList].filter((name) => /^css-(?!var)/.test(name))).toEqual([]);
  });
});
