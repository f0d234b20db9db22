import { describe, expect, it } from 'vitest';
import { decodeJson, decodeText, encodeJson, encodeText } from './sql-text.js';

describe('the SQL store text escape', () => {
  const samples = ['plain', 'a\u0000b', '\u0000', '\uE000', '\uE0000', '\uE000\u0000\uE000\uE000', 'x\\u0000y', ''];

  it('round-trips every string exactly and leaves no NUL in what the database sees', () => {
    for (const text of samples) {
      expect(encodeText(text)).not.toContain('\u0000');
      expect(decodeText(encodeText(text))).toBe(text);
    }
  });

  it('round-trips JSON values, keys included, and leaves no NUL in the JSON it writes', () => {
    const value = { 'k\u0000': samples, nested: [{ text: 'hi\u0000there', n: 1, b: null }], __proto__x: 'ok' };
    const text = encodeJson(value);
    const strings: string[] = [];
    JSON.parse(text, function (key: string, v: unknown) {
      strings.push(key);
      if (typeof v === 'string') strings.push(v);
      return v;
    });
    expect(strings.filter((s) => s.includes('\u0000'))).toEqual([]);
    expect(decodeJson(JSON.parse(text))).toEqual(value);
  });

  it('escapes lone surrogates (jsonb refuses them) reversibly, and keeps well-formed pairs as they are', () => {
    const lone = ['a\ud800b', '\udfff', 'x\ud83d', '\ude00y', '\uE000sd800', '\ud800\u0000\uE000', '😀', 'é\ud83d\ude00'];
    for (const text of lone) {
      expect(encodeText(text)).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      expect(decodeText(encodeText(text))).toBe(text);
    }
    expect(encodeText('😀')).toBe('😀');
    const json = encodeJson({ [`k\ud800`]: lone });
    expect(json).not.toMatch(/\\ud[89a-f]/);
    expect(decodeJson(JSON.parse(json))).toEqual({ [`k\ud800`]: lone });
  });

  it('keeps an own "__proto__" key an own key', () => {
    const value = JSON.parse('{"__proto__":{"polluted":"\\u0000"}}') as Record<string, unknown>;
    const back = decodeJson(JSON.parse(encodeJson(value)) as Record<string, unknown>);
    expect(Object.hasOwn(back, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
