import { toText } from './bounded-text.js';

/** At most this many characters of one value in the summary of a sent A2UI action. */
export const ACTION_VALUE_LENGTH = 80;

const lists = new Map<string, Intl.ListFormat>();
function listFormat(locale: string | undefined): Intl.ListFormat {
  const key = locale ?? '';
  let format = lists.get(key);
  if (!format) {
    try {
      format = new Intl.ListFormat(locale, { type: 'conjunction' });
    } catch {
      format = new Intl.ListFormat('en-US', { type: 'conjunction' }); // a malformed tag
    }
    lists.set(key, format);
  }
  return format;
}

/**
 * One value of a sent A2UI action as a person reads it: a string or number as is, a list of them
 * (a choice's selections, `["21:00"]`) joined with the locale's list format ("21:00", "A, B and C"),
 * anything else as bounded JSON. At most `max` characters.
 */
export function actionValueText(value: unknown, locale: string | undefined, max = ACTION_VALUE_LENGTH): string {
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean')) {
    // Each item bounded first, so a long list costs no more than `max` characters per item shown.
    const items = (value as (string | number | boolean)[]).slice(0, max).map((item) => toText(item, max));
    return toText(listFormat(locale).format(items), max);
  }
  return toText(value, max);
}
