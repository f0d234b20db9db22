import { catalogueCodeOfAntdLocale, localeDirection, type AntdLocaleLike } from './locale-codes.js';

/**
 * `'rtl'` when antd's locale is a right-to-left language (Arabic, Persian, Hebrew, Urdu), else
 * undefined: what the kit mirrors to when an app set antd's locale but no `direction` — an Arabic
 * antd locale gets a right-to-left chat with no extra prop (`direction="ltr"` on the ConfigProvider
 * keeps it left to right).
 */
export function directionOfAntdLocale(locale: AntdLocaleLike | undefined): 'rtl' | undefined {
  const code = catalogueCodeOfAntdLocale(locale);
  return code && localeDirection(code) === 'rtl' ? 'rtl' : undefined;
}
