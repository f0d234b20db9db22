import type { Locale } from 'antd/es/locale/index.js';
import * as arEGModule from 'antd/es/locale/ar_EG.js';
import * as deDEModule from 'antd/es/locale/de_DE.js';
import * as frFRModule from 'antd/es/locale/fr_FR.js';

/**
 * antd's `es/locale/*` files are ES modules at run time (their `default` is the locale), but their
 * declarations are read as CommonJS under NodeNext, so a default import is typed as the module
 * itself: the tests take the locale objects from here, typed as what `ConfigProvider` expects.
 */
const localeOf = (module: unknown): Locale => {
  let value = (module as { default?: unknown }).default ?? module;
  if (value && typeof value === 'object' && 'default' in value) value = (value as { default: unknown }).default;
  return value as Locale;
};

export const arEG = localeOf(arEGModule);
export const deDE = localeOf(deDEModule);
export const frFR = localeOf(frFRModule);
