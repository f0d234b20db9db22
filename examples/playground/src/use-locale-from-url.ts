import { catalogueTag, isCatalogueCode, localeDirection, type CatalogueCode } from '@x/agent-ui/locales';
import type { Locale } from 'antd/es/locale/index.js';
import { useEffect, useState } from 'react';

/** antd's locales, each its own chunk: the playground loads only the one `?locale=` asks for. */
const ANTD_LOCALES: Record<CatalogueCode, () => Promise<unknown>> = {
  ar_EG: () => import('antd/es/locale/ar_EG.js'),
  az_AZ: () => import('antd/es/locale/az_AZ.js'),
  bg_BG: () => import('antd/es/locale/bg_BG.js'),
  bn_BD: () => import('antd/es/locale/bn_BD.js'),
  by_BY: () => import('antd/es/locale/by_BY.js'),
  ca_ES: () => import('antd/es/locale/ca_ES.js'),
  cs_CZ: () => import('antd/es/locale/cs_CZ.js'),
  da_DK: () => import('antd/es/locale/da_DK.js'),
  de_DE: () => import('antd/es/locale/de_DE.js'),
  el_GR: () => import('antd/es/locale/el_GR.js'),
  en_GB: () => import('antd/es/locale/en_GB.js'),
  en_US: () => import('antd/es/locale/en_US.js'),
  es_ES: () => import('antd/es/locale/es_ES.js'),
  es_US: () => import('antd/es/locale/es_US.js'),
  et_EE: () => import('antd/es/locale/et_EE.js'),
  eu_ES: () => import('antd/es/locale/eu_ES.js'),
  fa_IR: () => import('antd/es/locale/fa_IR.js'),
  fi_FI: () => import('antd/es/locale/fi_FI.js'),
  fr_BE: () => import('antd/es/locale/fr_BE.js'),
  fr_CA: () => import('antd/es/locale/fr_CA.js'),
  fr_FR: () => import('antd/es/locale/fr_FR.js'),
  ga_IE: () => import('antd/es/locale/ga_IE.js'),
  gl_ES: () => import('antd/es/locale/gl_ES.js'),
  he_IL: () => import('antd/es/locale/he_IL.js'),
  hi_IN: () => import('antd/es/locale/hi_IN.js'),
  hr_HR: () => import('antd/es/locale/hr_HR.js'),
  hu_HU: () => import('antd/es/locale/hu_HU.js'),
  hy_AM: () => import('antd/es/locale/hy_AM.js'),
  id_ID: () => import('antd/es/locale/id_ID.js'),
  is_IS: () => import('antd/es/locale/is_IS.js'),
  it_IT: () => import('antd/es/locale/it_IT.js'),
  ja_JP: () => import('antd/es/locale/ja_JP.js'),
  ka_GE: () => import('antd/es/locale/ka_GE.js'),
  kk_KZ: () => import('antd/es/locale/kk_KZ.js'),
  km_KH: () => import('antd/es/locale/km_KH.js'),
  kmr_IQ: () => import('antd/es/locale/kmr_IQ.js'),
  kn_IN: () => import('antd/es/locale/kn_IN.js'),
  ko_KR: () => import('antd/es/locale/ko_KR.js'),
  ku_IQ: () => import('antd/es/locale/ku_IQ.js'),
  lt_LT: () => import('antd/es/locale/lt_LT.js'),
  lv_LV: () => import('antd/es/locale/lv_LV.js'),
  mk_MK: () => import('antd/es/locale/mk_MK.js'),
  ml_IN: () => import('antd/es/locale/ml_IN.js'),
  mn_MN: () => import('antd/es/locale/mn_MN.js'),
  mr_IN: () => import('antd/es/locale/mr_IN.js'),
  ms_MY: () => import('antd/es/locale/ms_MY.js'),
  my_MM: () => import('antd/es/locale/my_MM.js'),
  nb_NO: () => import('antd/es/locale/nb_NO.js'),
  ne_NP: () => import('antd/es/locale/ne_NP.js'),
  nl_BE: () => import('antd/es/locale/nl_BE.js'),
  nl_NL: () => import('antd/es/locale/nl_NL.js'),
  pl_PL: () => import('antd/es/locale/pl_PL.js'),
  pt_BR: () => import('antd/es/locale/pt_BR.js'),
  pt_PT: () => import('antd/es/locale/pt_PT.js'),
  ro_RO: () => import('antd/es/locale/ro_RO.js'),
  ru_RU: () => import('antd/es/locale/ru_RU.js'),
  si_LK: () => import('antd/es/locale/si_LK.js'),
  sk_SK: () => import('antd/es/locale/sk_SK.js'),
  sl_SI: () => import('antd/es/locale/sl_SI.js'),
  sq_AL: () => import('antd/es/locale/sq_AL.js'),
  sr_RS: () => import('antd/es/locale/sr_RS.js'),
  sv_SE: () => import('antd/es/locale/sv_SE.js'),
  ta_IN: () => import('antd/es/locale/ta_IN.js'),
  th_TH: () => import('antd/es/locale/th_TH.js'),
  tk_TK: () => import('antd/es/locale/tk_TK.js'),
  tr_TR: () => import('antd/es/locale/tr_TR.js'),
  uk_UA: () => import('antd/es/locale/uk_UA.js'),
  ur_PK: () => import('antd/es/locale/ur_PK.js'),
  uz_UZ: () => import('antd/es/locale/uz_UZ.js'),
  vi_VN: () => import('antd/es/locale/vi_VN.js'),
  zh_CN: () => import('antd/es/locale/zh_CN.js'),
  zh_HK: () => import('antd/es/locale/zh_HK.js'),
  zh_TW: () => import('antd/es/locale/zh_TW.js'),
};

/**
 * The \`Locale\` of an antd locale module. antd's \`es/locale/*\` files are ES modules at run time (the
 * module's \`default\` is the locale), but their declarations are read as CommonJS under NodeNext, so
 * TypeScript types the default import as the module itself: unwrap whichever the bundler gave.
 */
function antdLocaleOf(module: unknown): Locale {
  let value = (module as { default?: unknown }).default ?? module;
  if (value && typeof value === 'object' && 'default' in value) value = (value as { default: unknown }).default;
  return value as Locale;
}

/** The locale the page asks for: `?locale=de_DE` (an antd locale name), else none (English). */
export function localeFromUrl(search = window.location.search): CatalogueCode | undefined {
  const code = new URLSearchParams(search).get('locale');
  return code && isCatalogueCode(code) ? code : undefined;
}

/**
 * antd's locale (and direction) for `?locale=`: what the playground passes to its `ConfigProvider`.
 * The kit's strings follow it with no prop of their own. The page's `lang` follows too.
 */
export function useLocaleFromUrl(): { locale?: Locale; direction?: 'ltr' | 'rtl' } {
  const [code] = useState(() => localeFromUrl());
  const [locale, setLocale] = useState<Locale>();
  useEffect(() => {
    if (!code) return;
    let live = true;
    void ANTD_LOCALES[code]().then((module) => {
      if (live) setLocale(antdLocaleOf(module));
    });
    document.documentElement.lang = catalogueTag(code);
    // The page mirrors too (its header, drawers' sides), not only antd's and the kit's parts.
    document.documentElement.dir = localeDirection(code);
    return () => {
      live = false;
    };
  }, [code]);
  return code ? { ...(locale ? { locale } : {}), direction: localeDirection(code) } : {};
}
