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

/**
 * antd's locale objects carry a `locale` field (`'de'`, `'en-gb'`, `'zh-tw'`, …): the catalogue of each.
 * Three antd locales share `'fr'` (fr_FR, fr_BE, fr_CA): their `DatePicker.lang.locale` tells them apart.
 */
const BY_ANTD_FIELD: Readonly<Record<string, CatalogueCode>> = {
  ar: 'ar_EG', az: 'az_AZ', bg: 'bg_BG', 'bn-bd': 'bn_BD', by: 'by_BY', ca: 'ca_ES', cs: 'cs_CZ', da: 'da_DK', de: 'de_DE', el: 'el_GR',
  'en-gb': 'en_GB', en: 'en_US', es: 'es_ES', 'es-us': 'es_US', et: 'et_EE', eu: 'eu_ES', fa: 'fa_IR', fi: 'fi_FI', fr: 'fr_FR', ga: 'ga_IE',
  gl: 'gl_ES', he: 'he_IL', hi: 'hi_IN', hr: 'hr_HR', hu: 'hu_HU', 'hy-am': 'hy_AM', id: 'id_ID', is: 'is_IS', it: 'it_IT', ja: 'ja_JP',
  ka: 'ka_GE', kk: 'kk_KZ', km: 'km_KH', ku: 'kmr_IQ', kn: 'kn_IN', ko: 'ko_KR', 'ku-iq': 'ku_IQ', lt: 'lt_LT', lv: 'lv_LV', mk: 'mk_MK',
  ml: 'ml_IN', 'mn-mn': 'mn_MN', mr: 'mr_IN', 'ms-my': 'ms_MY', my: 'my_MM', nb: 'nb_NO', 'ne-np': 'ne_NP', 'nl-be': 'nl_BE', nl: 'nl_NL',
  pl: 'pl_PL', 'pt-br': 'pt_BR', pt: 'pt_PT', ro: 'ro_RO', ru: 'ru_RU', si: 'si_LK', sk: 'sk_SK', sl: 'sl_SI', sq: 'sq_AL', sr: 'sr_RS',
  sv: 'sv_SE', ta: 'ta_IN', th: 'th_TH', tk: 'tk_TK', tr: 'tr_TR', uk: 'uk_UA', ur: 'ur_PK', 'uz-latn': 'uz_UZ', vi: 'vi_VN',
  'zh-cn': 'zh_CN', 'zh-hk': 'zh_HK', 'zh-tw': 'zh_TW',
};

/** A language's catalogue when a tag names no region we have (`de-AT` → de_DE, `zh-Hant` → zh_TW, `nn` → nb_NO). */
const BY_LANGUAGE: Readonly<Record<string, CatalogueCode>> = {
  ...Object.fromEntries(Object.entries(BY_ANTD_FIELD).filter(([field]) => !field.includes('-'))),
  bn: 'bn_BD', be: 'by_BY', hy: 'hy_AM', kmr: 'kmr_IQ', mn: 'mn_MN', ms: 'ms_MY', ne: 'ne_NP', no: 'nb_NO', nn: 'nb_NO',
  uz: 'uz_UZ', zh: 'zh_CN', iw: 'he_IL', in: 'id_ID',
};

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
    // A region we have no catalogue for: the antd field may still name one (`es-US` above, `en-AU` below).
    const field = BY_ANTD_FIELD[`${language}-${region}`];
    if (field) return field;
    if (language === 'en' && region !== 'us') return 'en_GB';
  }
  return BY_LANGUAGE[language];
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
  return BY_ANTD_FIELD[field] ?? catalogueCodeForTag(field);
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
