import { describe, expect, it } from 'vitest';
import { contrast, over, parseColor } from '../theme/contrast.js';
import { FOCUS_RING_CSS, FOCUS_RING_MENU_CLASS, focusRingColor } from './focus-ring.js';

const ratio = (a: string, b: string, base = '#ffffff') => {
  const bottom = parseColor(base)!;
  return contrast(over(parseColor(a)!, bottom), over(parseColor(b)!, bottom));
};

describe('the focus ring', () => {
  it('reaches 3:1 against the background and the filled surfaces, in light, dark and custom themes', () => {
    const themes = [
      { primary: '#1677ff', surfaces: ['#ffffff', 'rgba(0,0,0,0.04)', '#e6f4ff'] },
      { primary: '#1668dc', surfaces: ['#141414', 'rgba(255,255,255,0.08)', '#111a2c'] },
      // A pale custom brand colour on a cream page: moved toward more contrast.
      { primary: '#ffd666', surfaces: ['#fffbe6', '#fff1b8'] },
    ];
    for (const { primary, surfaces } of themes) {
      const ring = focusRingColor(primary, surfaces);
      for (const surface of surfaces) expect(ratio(ring, surface, surfaces[0])).toBeGreaterThanOrEqual(3);
    }
  });

  it('is 2px wide and scoped to the kit roots and the kit\u2019s own popup menus (nothing for the host page)', () => {
    expect(FOCUS_RING_CSS).toContain('outline:2px solid var(--xagent-focus-ring');
    for (const rule of FOCUS_RING_CSS.split('}').filter(Boolean)) expect(rule).toMatch(new RegExp(`^(:is\\(\\[data-xagent-|\\[data-xagent-|\\.${FOCUS_RING_MENU_CLASS} )`));
  });

  it('draws one ring for the composer: on its box while the text area has the focus, none on the text area', () => {
    expect(FOCUS_RING_CSS).toContain('[data-xagent-composer] .ant-sender textarea:focus-visible{outline:none!important}');
    expect(FOCUS_RING_CSS).toContain('[data-xagent-composer] .ant-sender:has(textarea:focus-visible){box-shadow:0 0 0 2px var(--xagent-focus-ring');
    expect(FOCUS_RING_CSS).not.toContain(':focus-within');
  });
});
