import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STYLES_FILE } from '../../scripts/styles-css.ts';
import { styleSelectors } from './css-rules.js';
import { KIT_CSS } from './kit-css.js';

describe('the kit stylesheet', () => {
  it('@x/agent-ui/styles.css is the source, as written by scripts/styles-css.ts (run it after changing src/styles/kit-css.ts)', () => {
    expect(readFileSync(STYLES_FILE, 'utf8')).toBe(KIT_CSS);
  });

  it('styles only below the kit\'s own classes and attributes: nothing reaches the host page', () => {
    const all = styleSelectors(KIT_CSS);
    expect(all.length).toBeGreaterThan(20);
    for (const selector of all) expect(selector, selector).toMatch(/^(?:[a-z]+)?(?:\.x-agent-[\w-]+|\[data-xagent-[\w-]+\])/);
  });

  it('reads antd\'s CSS variables, each with a fallback (a page without antd\'s variables still gets the default look)', () => {
    const uses = [...KIT_CSS.matchAll(/var\((--[\w-]+)(,[^)]*)?\)/g)];
    expect(uses.length).toBeGreaterThan(10);
    for (const [use, name, fallback] of uses) {
      expect(name, use).toMatch(/^--ant-/);
      expect(fallback?.trim(), use).toBeTruthy();
    }
  });
});
