import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_CODES, catalogueCodeForTag, catalogueCodeOfAntdLocale, catalogueTag, localeDirection, type AntdLocaleLike } from './locale-codes.js';

const require = createRequire(import.meta.url);
const antdLocaleDir = path.join(path.dirname(require.resolve('antd/package.json')), 'es/locale');
const antdCodes = readdirSync(antdLocaleDir)
  .filter((file) => /^[a-z]+_[A-Z]+\.js$/u.test(file))
  .map((file) => file.slice(0, -3))
  .sort();

describe('antd locale → catalogue', () => {
  it('has a catalogue name for every locale antd ships (73), and no other', () => {
    expect(antdCodes).toHaveLength(73);
    expect([...CATALOGUE_CODES].sort()).toEqual(antdCodes);
  });

  it.each(antdCodes)('antd/es/locale/%s maps to its own catalogue', async (code) => {
    const module = (await import(/* @vite-ignore */ path.join(antdLocaleDir, `${code}.js`))) as { default: AntdLocaleLike };
    expect(catalogueCodeOfAntdLocale(module.default)).toBe(code);
  });

  it('maps no locale to none, and an unknown antd locale field by its language', () => {
    expect(catalogueCodeOfAntdLocale(undefined)).toBeUndefined();
    expect(catalogueCodeOfAntdLocale({})).toBeUndefined();
    expect(catalogueCodeOfAntdLocale({ locale: 'de-at' })).toBe('de_DE');
    expect(catalogueCodeOfAntdLocale({ locale: 'xx' })).toBeUndefined();
  });
});

describe('BCP 47 tag → catalogue', () => {
  it.each([
    ['de-DE', 'de_DE'],
    ['de_DE', 'de_DE'],
    ['de-AT', 'de_DE'],
    ['de', 'de_DE'],
    ['en', 'en_US'],
    ['en-US', 'en_US'],
    ['en-AU', 'en_GB'],
    ['es-US', 'es_US'],
    ['es-MX', 'es_ES'],
    ['fr-CA', 'fr_CA'],
    ['fr-CH', 'fr_FR'],
    ['pt', 'pt_PT'],
    ['pt-BR', 'pt_BR'],
    ['zh', 'zh_CN'],
    ['zh-Hans-CN', 'zh_CN'],
    ['zh-TW', 'zh_TW'],
    ['zh-Hant', 'zh_TW'],
    ['zh-Hant-HK', 'zh_HK'],
    ['nn-NO', 'nb_NO'],
    ['be-BY', 'by_BY'],
    ['he', 'he_IL'],
    ['iw', 'he_IL'],
    ['uz-Latn-UZ', 'uz_UZ'],
    ['kmr-IQ', 'kmr_IQ'],
  ])('%s → %s', (tag, code) => {
    expect(catalogueCodeForTag(tag)).toBe(code);
  });

  it('gives undefined for no tag or a language without a catalogue', () => {
    expect(catalogueCodeForTag(undefined)).toBeUndefined();
    expect(catalogueCodeForTag('')).toBeUndefined();
    expect(catalogueCodeForTag('sw-KE')).toBeUndefined();
  });

  it('round-trips every catalogue name through its tag', () => {
    expect(CATALOGUE_CODES.filter((code) => catalogueCodeForTag(catalogueTag(code)) !== code)).toEqual([]);
  });
});

describe('localeDirection', () => {
  it('is rtl for Arabic, Persian, Hebrew and Urdu only (antd’s Kurdish locales are Latin-script Kurmanji)', () => {
    expect(CATALOGUE_CODES.filter((code) => localeDirection(code) === 'rtl')).toEqual(['ar_EG', 'fa_IR', 'he_IL', 'ur_PK']);
  });
});
