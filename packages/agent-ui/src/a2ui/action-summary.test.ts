import { describe, expect, it } from 'vitest';
import { actionValueText } from './action-summary.js';

describe('actionValueText', () => {
  it('writes a choice as its value, not as a JSON array', () => {
    expect(actionValueText(['21:00'], 'en-US')).toBe('21:00');
    expect(actionValueText(['4'], 'en-US')).toBe('4');
  });

  it('joins several values with the locale list format', () => {
    expect(actionValueText(['Window', 'Garden', 'Bar'], 'en-US')).toBe('Window, Garden, and Bar');
    expect(actionValueText(['靠窗', '花园'], 'zh-CN')).toBe('靠窗和花园');
  });

  it('keeps scalars as they are, objects as bounded JSON, and every text bounded', () => {
    expect(actionValueText('Ada', 'en-US')).toBe('Ada');
    expect(actionValueText(2, 'en-US')).toBe('2');
    expect(actionValueText({ a: 1 }, 'en-US')).toBe('{"a":1}');
    expect(actionValueText(Array.from({ length: 1000 }, () => 'x'.repeat(50)), 'en-US').length).toBeLessThanOrEqual(80);
  });
});
