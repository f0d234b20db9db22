import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANTD_CSS_FILE, generateAntdCss, generatePluginRules, PLUGIN_RULES } from '../../scripts/antd-css.ts';
import { A2UI_ANTD_RULES } from '../a2ui/a2ui-antd-rules.js';
import { MCP_APP_ANTD_RULES } from '../mcp-app/mcp-app-antd-rules.js';
import { cssBlocks, styleSelectors } from './css-rules.js';

const file = readFileSync(ANTD_CSS_FILE, 'utf8');
const plugins = { a2ui: A2UI_ANTD_RULES, 'mcp-apps': MCP_APP_ANTD_RULES };
/**
 * Whether `css` has a rule whose selector starts with the class `root` (`.ant-btn`, not `.ant-btn-icon`):
 * a rule of that component, not one of another that mentions it (Input's `.ant-input-group .ant-select`).
 */
const hasRoot = (css: string, root: string) => {
  const own = new RegExp(`^(?::where\\()?${root.replace(/[.-]/g, '\\$&')}(?![\\w-])`);
  return styleSelectors(css).some((selector) => own.test(selector));
};

describe('@x/agent-ui/antd.css and the plug-ins\' rules', () => {
  it('are what scripts/antd-css.ts extracts today (run it after adding an antd / X component to the kit or upgrading antd)', () => {
    expect(generateAntdCss() === file, 'antd.css is stale: run `node packages/agent-ui/scripts/antd-css.ts`').toBe(true);
    for (const plugin of Object.keys(PLUGIN_RULES) as Array<keyof typeof PLUGIN_RULES>) {
      expect(generatePluginRules(plugin) === readFileSync(PLUGIN_RULES[plugin].file, 'utf8'), `${plugin}'s rules are stale: run the script`).toBe(true);
    }
  }, 120_000);

  it('antd.css holds the rules of the antd and Ant Design X components the chat renders, unhashed, over antd\'s CSS variables', () => {
    for (const root of ['.ant-btn', '.ant-input', '.ant-alert', '.ant-drawer', '.ant-tooltip', '.ant-dropdown', '.ant-skeleton',
      '.ant-bubble', '.ant-bubble-list', '.ant-sender', '.ant-conversations', '.ant-file-card', '.ant-think', '.ant-thought-chain']) {
      expect(hasRoot(file, root), root).toBe(true);
    }
    expect(file).toContain('var(--ant-color-primary)');
    expect(file).not.toMatch(/:where\(\.css-|\.css-dev-only|\.css-var-/);
    // Only what the chat uses: a component it never renders is not in the file, nor those of the
    // A2UI and MCP Apps plug-ins (their rules come with their on-demand code).
    expect(file).not.toMatch(/\.ant-(?:table|tree|cascader|transfer|upload|calendar|carousel)\b/);
    for (const root of ['.ant-select', '.ant-picker', '.ant-slider', '.ant-tabs', '.ant-modal', '.ant-checkbox', '.ant-radio-group', '.ant-card']) {
      expect(hasRoot(file, root), root).toBe(false);
    }
  });

  it('each plug-in\'s rules hold its components\' rules, none that antd.css already has', () => {
    for (const root of ['.ant-select', '.ant-picker', '.ant-slider', '.ant-tabs', '.ant-modal', '.ant-checkbox', '.ant-radio-group', '.ant-card', '.ant-divider']) {
      expect(hasRoot(A2UI_ANTD_RULES, root), `a2ui ${root}`).toBe(true);
    }
    expect(hasRoot(MCP_APP_ANTD_RULES, '.ant-modal')).toBe(true);
    const base = new Set(file.split('\n'));
    for (const [plugin, rules] of Object.entries(plugins)) {
      const shared = rules.split('\n').filter((block) => base.has(block));
      expect(shared, plugin).toEqual([]);
    }
  });

  it('style nothing but antd\'s classes: no element, html, body or :root rule, no antd reset, no token variables', () => {
    for (const [name, css] of Object.entries({ 'antd.css': file, ...plugins })) {
      const selectors = styleSelectors(css);
      expect(selectors.length, name).toBeGreaterThan(name === 'mcp-apps' ? 20 : 1000);
      // Below an antd class: `.ant-…`, an element qualified by one (`textarea.ant-input`), `:where(.ant-…)`, `[class^="ant-…"]`.
      for (const selector of selectors) expect(selector, `${name}: ${selector}`).toMatch(/^(?:[a-z][a-z0-9]*)?\.ant-|^:where\(\.ant-|^\[class[\^*|~]?="\s?ant-/);
      const atRules = cssBlocks(css).map((block) => block.prelude).filter((prelude) => prelude.startsWith('@'));
      for (const prelude of atRules) expect(prelude, `${name}: ${prelude}`).toMatch(/^@(?:keyframes [\w-]+|media\s*\(|supports\s*\()/);
      expect(css, name).not.toMatch(/(?:^|[},])\s*(?:html|body|:root|\*)\s*[{,]/m);
    }
  });
});
