import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMessage, messageShape, parseMessage, pluralCategories } from './format-message.js';

const files = '{count, plural, =0 {no files} one {# file} few {# files (few)} many {# files (many)} two {# files (two)} zero {# files (zero)} other {# files}}';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('formatMessage', () => {
  it('fills placeholders and leaves text as it is', () => {
    expect(formatMessage('“{name}” is larger than {max}.', { name: 'a.pdf', max: '10 MB' }, 'en-US')).toBe('“a.pdf” is larger than 10 MB.');
    expect(formatMessage('It’s fine, isn\'t it? #1', {}, 'en-US')).toBe('It’s fine, isn\'t it? #1');
  });

  it('formats numbers and lists for the locale', () => {
    expect(formatMessage('{n} tokens', { n: 12345.5 }, 'de-DE')).toBe('12.345,5 tokens');
    expect(formatMessage('Used {tools}', { tools: ['A', 'B', 'C'] }, 'en-US')).toBe('Used A, B, and C');
    expect(formatMessage('Used {tools}', { tools: ['A', 'B', 'C'] }, 'de-DE')).toBe('Used A, B und C');
    expect(formatMessage('{tools}', { tools: ['A', 'B'] }, 'zh-CN')).toBe('A和B');
  });

  it('chooses English plural categories (one, other) and exact matches first', () => {
    expect(formatMessage(files, { count: 0 }, 'en')).toBe('no files');
    expect(formatMessage(files, { count: 1 }, 'en')).toBe('1 file');
    expect(formatMessage(files, { count: 2 }, 'en')).toBe('2 files');
    expect(formatMessage(files, { count: 1000 }, 'en')).toBe('1,000 files');
  });

  it('chooses Russian categories (one, few, many)', () => {
    const ru = '{count, plural, one {# файл} few {# файла} many {# файлов} other {# файла (дробь)}}';
    expect([1, 2, 5, 21, 22, 25, 1.5].map((count) => formatMessage(ru, { count }, 'ru'))).toEqual(['1 файл', '2 файла', '5 файлов', '21 файл', '22 файла', '25 файлов', '1,5 файла (дробь)']);
  });

  it('chooses Arabic categories (zero, one, two, few, many, other) and the digits of the region', () => {
    const ar = '{count, plural, zero {zero} one {one} two {two} few {few #} many {many #} other {other #}}';
    expect([0, 1, 2, 3, 11, 100].map((count) => formatMessage(ar, { count }, 'ar'))).toEqual(['zero', 'one', 'two', 'few 3', 'many 11', 'other 100']);
    expect(formatMessage(ar, { count: 3 }, 'ar-EG')).toBe('few ٣');
  });

  it('chooses Polish categories (one, few, many)', () => {
    const pl = '{count, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}';
    expect([1, 3, 5, 22, 12].map((count) => formatMessage(pl, { count }, 'pl'))).toEqual(['1 plik', '3 pliki', '5 plików', '22 pliki', '12 plików']);
  });

  it('uses other for Japanese (no plural categories)', () => {
    const ja = '{count, plural, other {# 件}}';
    expect(formatMessage(ja, { count: 1 }, 'ja')).toBe('1 件');
    expect(pluralCategories('ja')).toEqual(['other']);
    expect(formatMessage(files, { count: 1 }, 'ja')).toBe('1 files');
  });

  it('selects a case by value, else other; # inside a select inside a plural is the plural’s number', () => {
    const message = '{who, select, me {You have {count, plural, one {# reply} other {# replies}}} other {{who} has {count, plural, one {# reply} other {# replies}}}}';
    expect(formatMessage(message, { who: 'me', count: 1 }, 'en')).toBe('You have 1 reply');
    expect(formatMessage(message, { who: 'Ada', count: 3 }, 'en')).toBe('Ada has 3 replies');
    expect(formatMessage('{n, plural, other {{kind, select, a {# a} other {# b}}}}', { n: 4, kind: 'a' }, 'en')).toBe('4 a');
  });

  it('takes names in any script (the ASCII test first, the Unicode one for the rest), and refuses other characters', () => {
    expect(formatMessage('{名前}さん、{計数, plural, other {# 件}}', { 名前: '佐藤', 計数: 3 }, 'ja')).toBe('佐藤さん、3 件');
    expect(formatMessage('{имя, select, Аня {A} other {B}}', { имя: 'Аня' }, 'ru')).toBe('A');
    expect(formatMessage('{tool_name-2}', { 'tool_name-2': 'search' }, 'en')).toBe('search');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(formatMessage('{a.b}', { 'a.b': 'x' }, 'en')).toBe('{a.b}');
    expect(formatMessage('{n, plural, one! {a} other {b}}', { n: 1 }, 'en')).toBe('{n, plural, one! {a} other {b}}');
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('shows the raw message for a malformed message or a missing argument, and warns once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const bad of ['Hello {name', 'Hello name}', '{count, plural, one {# x}}', '{count, plural one {x} other {y}}', '{count, ordinal, other {#}}', '{n, plural, one {a} one {b} other {c}}', '{ }']) {
      expect(formatMessage(bad, { name: 'x', count: 1, n: 1 }, 'en')).toBe(bad);
    }
    expect(warn).toHaveBeenCalledTimes(7);
    expect(formatMessage('Hello {who}', {}, 'en')).toBe('Hello {who}');
    expect(formatMessage('Hello {who}', {}, 'en')).toBe('Hello {who}');
    expect(formatMessage('{n, plural, other {#}}', { n: 'many' }, 'en')).toBe('{n, plural, other {#}}');
    expect(warn).toHaveBeenCalledTimes(9);
  });

  it('English numbers and plurals (formatted without Intl) are what Intl gives', () => {
    const message = '{count, plural, one {# message} other {# messages}} · {count}';
    for (const locale of ['en', 'en-US', 'en-GB', 'en-IN']) {
      const rules = new Intl.PluralRules(locale);
      const number = new Intl.NumberFormat(locale);
      for (const count of [0, 1, -1, 2, 1.5, 0.5, 12, 999, 1000, 12345, -1000, 1e21]) {
        const formatted = number.format(count);
        const expected = `${formatted} ${rules.select(count) === 'one' ? 'message' : 'messages'} · ${formatted}`;
        expect(formatMessage(message, { count }, locale), `${locale} ${count}`).toBe(expected);
      }
    }
  });

  it('falls back to the default locale for a tag Intl does not know', () => {
    expect(formatMessage('{n}', { n: 5 }, 'not a tag!')).toBe('5');
  });
});

describe('parseMessage / messageShape', () => {
  it('parses once per message (cached) and lists arguments and cases', () => {
    expect(parseMessage('a {b} c')).toEqual(['a ', { kind: 'arg', name: 'b' }, ' c']);
    const shape = messageShape('{tools} ({count, plural, one {# call} other {# calls}})');
    expect([...shape.args]).toEqual(['tools', 'count']);
    expect(shape.cases.get('count')).toEqual({ kind: 'plural', keys: ['one', 'other'] });
  });
});
