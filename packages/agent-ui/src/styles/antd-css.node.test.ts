import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANTD_CSS_FILE, generateAntdCss, generateRuleModule, RULE_MODULES } from '../../scripts/antd-css.ts';
import { A2UI_ANTD_RULES } from '../a2ui/a2ui-antd-rules.js';
import { CONVERSATIONS_ANTD_RULES } from '../conversations/conversations-antd-rules.js';
import { ON_DEMAND_ANTD_RULES } from '../lazy/on-demand-antd-rules.js';
import { MCP_APP_ANTD_RULES } from '../mcp-app/mcp-app-antd-rules.js';
import { TIMELINE_ANTD_RULES } from '../timeline/timeline-antd-rules.js';
import { cssBlocks, styleSelectors } from './css-rules.js';

const file = readFileSync(ANTD_CSS_FILE, 'utf8');
const modules: Record<keyof typeof RULE_MODULES, string> = {
  'on-demand': ON_DEMAND_ANTD_RULES,
  conversations: CONVERSATIONS_ANTD_RULES,
  timeline: TIMELINE_ANTD_RULES,
  a2ui: A2UI_ANTD_RULES,
  'mcp-apps': MCP_APP_ANTD_RULES,
};
/** The component roots each module must hold (its own components': none of them is in antd.css). */
const ROOTS: Record<keyof typeof RULE_MODULES, string[]> = {
  'on-demand': ['.ant-alert', '.ant-drawer', '.ant-float-btn', '.ant-input-group', '.ant-skeleton', '.ant-space', '.ant-image', '.ant-think', '.ant-file-card', '.ant-thought-chain'],
  conversations: ['.ant-conversations', '.ant-dropdown', '.ant-menu', '.ant-input-group', '.ant-spin', '.ant-alert'],
  timeline: ['.ant-alert', '.ant-spin'],
  a2ui: ['.ant-select', '.ant-picker', '.ant-slider', '.ant-tabs', '.ant-modal', '.ant-checkbox', '.ant-radio-group', '.ant-card', '.ant-divider', '.ant-input-group'],
  'mcp-apps': ['.ant-modal', '.ant-typography', '.ant-alert'],
};
/**
 * Whether `css` has a rule whose selector starts with the class `root` (`.ant-btn`, not `.ant-btn-icon`):
 * a rule of that component, not one of another that mentions it (Input's `.ant-input-group .ant-select`).
 */
const hasRoot = (css: string, root: string) => {
  const own = new RegExp(`^(?::where\\()?${root.replace(/[.-]/g, '\\$&')}(?![\\w-])`);
  return styleSelectors(css).some((selector) => own.test(selector));
};

describe('@x/agent-ui/antd.css and the rules modules', () => {
  it('are what scripts/antd-css.ts extracts today (run it after adding an antd / X component to the kit or upgrading antd)', () => {
    expect(generateAntdCss() === file, 'antd.css is stale: run `node packages/agent-ui/scripts/antd-css.ts`').toBe(true);
    for (const key of Object.keys(RULE_MODULES) as Array<keyof typeof RULE_MODULES>) {
      expect(generateRuleModule(key) === readFileSync(RULE_MODULES[key].file, 'utf8'), `${key}'s rules are stale: run the script`).toBe(true);
    }
  }, 180_000);

  it('antd.css holds the rules of a chat\'s first paint (its buttons, the bubbles, the composer), unhashed, over antd\'s CSS variables', () => {
    for (const root of ['.ant-btn', '.ant-bubble', '.ant-bubble-list', '.ant-sender']) expect(hasRoot(file, root), root).toBe(true);
    expect(file).toContain('var(--ant-color-primary)');
    expect(file).not.toMatch(/:where\(\.css-|\.css-dev-only|\.css-var-/);
    // Only what the first paint uses: the rest comes with the code that renders it.
    expect(file).not.toMatch(/\.ant-(?:table|tree|cascader|transfer|upload|calendar|carousel)\b/);
    for (const root of new Set(Object.values(ROOTS).flat())) expect(hasRoot(file, root), root).toBe(false);
  });

  it('each rules module holds its components\' rules, none that antd.css already has', () => {
    const base = new Set(file.split('\n'));
    for (const [key, rules] of Object.entries(modules) as Array<[keyof typeof RULE_MODULES, string]>) {
      for (const root of ROOTS[key]) expect(hasRoot(rules, root), `${key} ${root}`).toBe(true);
      expect(rules.split('\n').filter((block) => base.has(block)), key).toEqual([]);
    }
  });

  it('antd.css holds antd\'s icon rules, before the components\', and their entry in cssinjs\'s record of a stylesheet\'s styles', () => {
    // antd's ConfigProvider registers its icon rules even in zero-runtime mode; with this entry
    // (`hashId|path:hash`, as antd's own whole-CSS export writes it) it finds them in the file instead.
    const blocks = cssBlocks(file);
    const icon = blocks.findIndex((block) => block.prelude === '.anticon');
    expect(icon).toBeGreaterThanOrEqual(0);
    expect(icon).toBeLessThan(blocks.findIndex((block) => block.prelude.startsWith('.ant-')));
    expect(blocks.some((block) => block.prelude === '.anticon-spin' && block.body.includes('loadingCircle'))).toBe(true);
    expect(blocks.some((block) => block.prelude === '@keyframes loadingCircle')).toBe(true);
    // No specificity: a server-rendered page's own record (antd's SSR registry) wins over it.
    const record = blocks.filter((block) => block.prelude.includes('data-ant-cssinjs-cache-path'));
    expect(record.map((block) => block.prelude)).toEqual([':where(.data-ant-cssinjs-cache-path)']);
    expect(record[0]!.body).toMatch(/^content:"\|ant-design-icons\|anticon:[a-z0-9]+";$/);
    for (const rules of Object.values(modules)) {
      expect(styleSelectors(rules).filter((selector) => selector.startsWith('.anticon'))).toEqual([]);
      expect(rules).not.toContain('data-ant-cssinjs-cache-path');
    }
  });

  it('style nothing but antd\'s classes: no element, html, body or :root rule, no antd reset, no token variables', () => {
    for (const [name, css] of Object.entries({ 'antd.css': file, ...modules })) {
      const selectors = styleSelectors(css);
      expect(selectors.length, name).toBeGreaterThan(20);
      // Below an antd class: `.ant-…`, an element qualified by one (`textarea.ant-input`), `:where(.ant-…)`,
      // `[class^="ant-…"]`; in antd.css also antd's icon rules (`.anticon…`) and cssinjs's record.
      const own = name === 'antd.css' ? /^\.anticon(?:-spin)?(?![\w-])|^:where\(\.data-ant-cssinjs-cache-path\)$/ : /$^/;
      for (const selector of selectors) expect(own.test(selector) || /^(?:[a-z][a-z0-9]*)?\.ant-|^:where\(\.ant-|^\[class[\^*|~]?="\s?ant-/.test(selector), `${name}: ${selector}`).toBe(true);
      const atRules = cssBlocks(css).map((block) => block.prelude).filter((prelude) => prelude.startsWith('@'));
      for (const prelude of atRules) expect(prelude, `${name}: ${prelude}`).toMatch(/^@(?:keyframes [\w-]+|media\s*\(|supports\s*\()/);
      expect(css, name).not.toMatch(/(?:^|[},])\s*(?:html|body|:root|\*)\s*[{,]/m);
    }
  });
});
