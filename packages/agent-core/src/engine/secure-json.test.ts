import { describe, expect, it } from 'vitest';
import { secureJsonParse } from './secure-json.js';

describe('secureJsonParse', () => {
  it('parses what JSON.parse parses', () => {
    for (const text of ['1', '"x"', 'null', '[1,{"a":[true]}]', '{"constructor":"a string","prototype":1}', '{"a":{"constructor":{"name":"x"}}}']) {
      expect(secureJsonParse(text)).toEqual(JSON.parse(text));
    }
    expect(() => secureJsonParse('{"a":')).toThrow(SyntaxError);
  });

  it.each([
    ['an own __proto__', '{"a":1,"__proto__":{"polluted":true}}'],
    ['an escaped __proto__', '{"\\u005f_proto__":{"polluted":true}}'],
    ['a nested __proto__', '[{"x":{"y":[{"__proto__":{}}]}}]'],
    ['a constructor with a prototype', '{"data":{"constructor":{"prototype":{"polluted":true}}}}'],
    ['an escaped constructor', '{"\\u0063onstructor":{"prototype":{}}}'],
  ])('refuses %s', (_, text) => {
    expect(() => secureJsonParse(text)).toThrow('Object contains forbidden prototype property');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
