/**
 * The kit's catalogues are named after antd's locale files (`antd/es/locale/de_DE.js` → `de_DE`). This
 * file maps what an app has at hand — antd's locale object from its `ConfigProvider`, or a BCP 47 tag —
 * to one of them, and says which are written right to left.
 */

/** Every locale antd ships (the file names of `antd/es/locale/*.js`), one catalogue each. */
export const CATALOGUE_CODES = [
  'ar_EG', 'az_AZ', 'bg_BG', 'bn_BD', 'by_BY', 'ca_ES', 'cs_CZ', 'da_DK', 'de_DE', 'el_GR', 'en_GB', 'en_US', 'es_ES', 'es_US', 'et_EE',
  'eu_ES', 'fa_IR', 'fi_FI', 'fr_BE', 'fr_CA', 'fr_FR', 'ga_IE', 'gl_ES', 'he_IL', 'hi_IN', 'hr_HR', 'hu_HU', 'hy_AM', 'id_ID', 'is_IS',
  'it_IT', 'ja_JP', 'ka_GE', 'kk_KZ', 'km_KH', 'kmr_IQ', 'kn_IN', 'ko_KR', 'ku_IQ', 'lt_LT', 'lv_LV', 'mk_MK', 'ml_IN', 'mn_MN', 'mr_IN',
  'ms_MY', 'my_MM', 'nb_NO', 'ne_NP', 'nl_BE', 'nl_NL', 'pl_PL', 'pt_BR', 'pt_PT', 'ro_RO', 'ru_RU', 'si_LK', 'sk_SK', 'sl_SI', 'sq_AL',
  'sr_RS', 'sv_SE', 'ta_IN', 'th_TH', 'tk_TK', 'tr_TR', 'uk_UA', 'ur_PK', 'uz_UZ', 'vi_VN', 'zh_CN', 'zh_HK', 'zh_TW',
] as const;

/** A catalogue's name: one of antd's locale file names (`de_DE`, `zh_TW`, …). */
export type CatalogueCode = (typeof CATALOGUE_CODES)[number];

const CODES: ReadonlySet<string> = new Set(CATALOGUE_CODES);

/** Whether `value` names a catalogue. */
export function isCatalogueCode(value: string): value is CatalogueCode {
  return CODES.has(value);
}

/** The catalogue of a language with several (`en` → en_US), and tags that name a language otherwise. */
const BY_LANGUAGE: Readonly<Record<string, CatalogueCode>> = {
  en: 'en_US', es: 'es_ES', fr: 'fr_FR', nl: 'nl_NL', pt: 'pt_PT', zh: 'zh_CN',
  // antd's `ku` is Kurmanji (kmr_IQ); Belarusian is `be` in BCP 47 (antd: `by`); Norwegian; old codes of Hebrew and Indonesian.
  ku: 'kmr_IQ', be: 'by_BY', no: 'nb_NO', nn: 'nb_NO', iw: 'he_IL', in: 'id_ID',
};

/** The only catalogue of `language` (`de` → de_DE), if it has one. */
function onlyCatalogueOf(language: string): CatalogueCode | undefined {
  const matches = CATALOGUE_CODES.filter((code) => code.startsWith(`${language}_`));
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * The catalogue for a BCP 47 tag or a catalogue name (`de-DE`, `de_DE`, `de-AT`, `pt-BR`, `zh-Hant-HK`,
 * `en`), or `undefined` when the kit has no catalogue of the language.
 */
export function catalogueCodeForTag(tag: string | undefined): CatalogueCode | undefined {
  if (!tag) return undefined;
  const parts = tag.trim().replace(/_/gu, '-').split('-').filter(Boolean);
  if (!parts.length) return undefined;
  const language = parts[0]!.toLowerCase();
  const subtags = parts.slice(1).map((part) => part.toLowerCase());
  const region = subtags.find((part) => /^(?:[a-z]{2}|\d{3})$/u.test(part));
  const script = subtags.find((part) => /^[a-z]{4}$/u.test(part));
  if (language === 'zh') {
    if (region === 'hk' || region === 'mo') return 'zh_HK';
    if (region === 'tw' || script === 'hant') return 'zh_TW';
    return 'zh_CN';
  }
  if (region) {
    const exact = `${language}_${region.toUpperCase()}`;
    if (isCatalogueCode(exact)) return exact;
    // English outside the US: British English.
    if (language === 'en' && region !== 'us') return 'en_GB';
  }
  return BY_LANGUAGE[language] ?? onlyCatalogueOf(language);
}

/** What the kit reads of an antd locale object (`antd/locale/de_DE`). */
export interface AntdLocaleLike {
  locale?: string;
  DatePicker?: { lang?: { locale?: string } };
}

/** The catalogue of an antd locale object (from `ConfigProvider`), or `undefined` without one. */
export function catalogueCodeOfAntdLocale(locale: AntdLocaleLike | undefined): CatalogueCode | undefined {
  const field = locale?.locale?.toLowerCase();
  if (!field) return undefined;
  const datePicker = locale?.DatePicker?.lang?.locale;
  // fr_FR, fr_BE and fr_CA are all `fr`.
  if (field === 'fr' && datePicker && isCatalogueCode(datePicker) && datePicker.startsWith('fr_')) return datePicker;
  // Otherwise a tag (`de`, `en-gb`, `zh-tw`, `hy-am`, `uz-latn`; `ku` is Kurmanji).
  return catalogueCodeForTag(field);
}

/** The BCP 47 tag of a catalogue (`de_DE` → `de-DE`; `kmr_IQ` → `kmr-IQ`). */
export function catalogueTag(code: CatalogueCode): string {
  return code.replace('_', '-');
}

const RTL: ReadonlySet<CatalogueCode> = new Set(['ar_EG', 'fa_IR', 'he_IL', 'ur_PK']);

/**
 * The writing direction of a catalogue's language: `rtl` for Arabic, Persian, Hebrew and Urdu. antd's
 * two Kurdish locales (`ku_IQ`, `kmr_IQ`) are both Kurmanji in Latin letters: left to right.
 * The kit follows antd's `direction`; this helps an app choose it: `<ConfigProvider direction={localeDirection(code)}>`.
 */
export function localeDirection(code: CatalogueCode): 'ltr' | 'rtl' {
  return RTL.has(code) ? 'rtl' : 'ltr';
}
