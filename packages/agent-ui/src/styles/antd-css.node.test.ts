import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANTD_CSS_FILE, generateAntdCss } from '../../scripts/antd-css.ts';
import { cssBlocks, styleSelectors } from './css-rules.js';

const file = readFileSync(ANTD_CSS_FILE, 'utf8');

describe('@x/agent-ui/antd.css', () => {
  it('is what scripts/antd-css.ts extracts today (run it after adding an antd / X component to the kit or upgrading antd)', () => {
    expect(generateAntdCss() === file, 'antd.css is stale: run `node packages/agent-ui/scripts/antd-css.ts`').toBe(true);
  }, 60_000);

  it('holds the rules of the antd and Ant Design X components the kit renders, unhashed, over antd\'s CSS variables', () => {
    for (const root of ['.ant-btn', '.ant-input', '.ant-alert', '.ant-modal', '.ant-drawer', '.ant-select-dropdown', '.ant-tooltip',
      '.ant-bubble', '.ant-bubble-list', '.ant-sender', '.ant-conversations', '.ant-file-card', '.ant-think', '.ant-thought-chain']) {
      expect(file, root).toMatch(new RegExp(`(?:^|[\\s,}>])${root.replace(/[.-]/g, '\\$&')}[\\s{.:,\\[]`, 'm'));
    }
    expect(file).toContain('var(--ant-color-primary)');
    expect(file).not.toMatch(/:where\(\.css-|\.css-dev-only|\.css-var-/);
    // Only what the kit uses: a component it never renders is not in the file.
    expect(file).not.toMatch(/\.ant-(?:table|tree|cascader|transfer|upload|calendar|carousel)\b/);
  });

  it('styles nothing but antd\'s classes: no element, html, body or :root rule, no antd reset, no token variables', () => {
    const selectors = styleSelectors(file);
    expect(selectors.length).toBeGreaterThan(1000);
    // Below an antd class: `.ant-…`, an element qualified by one (`textarea.ant-input`), `:where(.ant-…)`, `[class^="ant-…"]`.
    for (const selector of selectors) expect(selector, selector).toMatch(/^(?:[a-z][a-z0-9]*)?\.ant-|^:where\(\.ant-|^\[class[\^*|~]?="\s?ant-/);
    const atRules = cssBlocks(file).map((block) => block.prelude).filter((prelude) => prelude.startsWith('@'));
    for (const prelude of atRules) expect(prelude, prelude).toMatch(/^@(?:keyframes [\w-]+|media\s*\(|supports\s*\()/);
    expect(file).not.toMatch(/(?:^|[},])\s*(?:html|body|:root|\*)\s*[{,]/m);
  });
});
