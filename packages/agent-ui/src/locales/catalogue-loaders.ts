// Written by scripts/locale-loaders.ts from the catalogue files present: do not edit by hand.
import type { Catalogue } from './catalogue.js';
import type { CatalogueCode } from './locale-codes.js';

/**
 * One `import()` per catalogue (English is built in), written out so that bundlers (Vite, Next,
 * webpack) make each catalogue its own chunk, fetched only when its locale is used.
 */
export const CATALOGUE_LOADERS: Partial<Record<CatalogueCode, () => Promise<{ default: Catalogue }>>> = {
  bg_BG: () => import('./bg_BG.js'),
  ca_ES: () => import('./ca_ES.js'),
  cs_CZ: () => import('./cs_CZ.js'),
  da_DK: () => import('./da_DK.js'),
  de_DE: () => import('./de_DE.js'),
  en_GB: () => import('./en_GB.js'),
  es_ES: () => import('./es_ES.js'),
  es_US: () => import('./es_US.js'),
  et_EE: () => import('./et_EE.js'),
  eu_ES: () => import('./eu_ES.js'),
  fi_FI: () => import('./fi_FI.js'),
  fr_BE: () => import('./fr_BE.js'),
  fr_CA: () => import('./fr_CA.js'),
  fr_FR: () => import('./fr_FR.js'),
  gl_ES: () => import('./gl_ES.js'),
  hr_HR: () => import('./hr_HR.js'),
  hu_HU: () => import('./hu_HU.js'),
  is_IS: () => import('./is_IS.js'),
  it_IT: () => import('./it_IT.js'),
  ko_KR: () => import('./ko_KR.js'),
  nb_NO: () => import('./nb_NO.js'),
  nl_BE: () => import('./nl_BE.js'),
  nl_NL: () => import('./nl_NL.js'),
  pl_PL: () => import('./pl_PL.js'),
  pt_BR: () => import('./pt_BR.js'),
  pt_PT: () => import('./pt_PT.js'),
  ro_RO: () => import('./ro_RO.js'),
  ru_RU: () => import('./ru_RU.js'),
  sk_SK: () => import('./sk_SK.js'),
  sv_SE: () => import('./sv_SE.js'),
  th_TH: () => import('./th_TH.js'),
  tr_TR: () => import('./tr_TR.js'),
  uk_UA: () => import('./uk_UA.js'),
  vi_VN: () => import('./vi_VN.js'),
  zh_CN: () => import('./zh_CN.js'),
  zh_HK: () => import('./zh_HK.js'),
  zh_TW: () => import('./zh_TW.js'),
};
