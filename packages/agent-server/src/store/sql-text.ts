/**
 * PostgreSQL `text` and `jsonb` cannot hold U+0000, which a user can paste into a message, a title or
 * a comment (and a model can put in a tool input), and `jsonb` refuses a lone UTF-16 surrogate (a
 * `\ud800` that JSON.stringify writes for half of an emoji cut in two): "invalid input syntax for type
 * json", which made such a message a 503. The SQL store escapes both reversibly on the way in and
 * restores them on the way out, so what was typed comes back exactly: U+E000 (a private-use
 * character) is the escape — NUL is written as U+E000 `0`, a lone surrogate as U+E000 `s` and its
 * four hex digits, U+E000 itself as U+E000 U+E000. Applied to every string of a jsonb value (keys
 * too) and to the text columns that hold user text (titles).
 */
const ESCAPE = '\uE000';
const NUL = '\u0000';
const ENCODED = /\uE000(0|\uE000|s[0-9a-f]{4})/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);
const needsEncoding = (text: string): boolean => text.includes(NUL) || text.includes(ESCAPE) || HAS_LONE_SURROGATE.test(text);

/** A string as the database holds it (the escape character doubled first, then NUL and lone surrogates replaced). */
export function encodeText(text: string): string {
  if (!needsEncoding(text)) return text;
  return text
    .replaceAll(ESCAPE, ESCAPE + ESCAPE)
    .replaceAll(NUL, `${ESCAPE}0`)
    .replace(LONE_SURROGATE, (half) => `${ESCAPE}s${half.charCodeAt(0).toString(16)}`);
}

/** A string read back from the database (the inverse of {@link encodeText}). */
export function decodeText(text: string): string {
  return text.includes(ESCAPE) ? text.replace(ENCODED, (_, c: string) => (c === '0' ? NUL : c === ESCAPE ? ESCAPE : String.fromCharCode(parseInt(c.slice(1), 16)))) : text;
}

/** Every string (and key) of a JSON value mapped by `fn`; the same value when nothing changes. */
function mapStrings(value: unknown, fn: (text: string) => string, touched: (text: string) => boolean): unknown {
  if (typeof value === 'string') return touched(value) ? fn(value) : value;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const mapped = mapStrings(item, fn, touched);
      if (mapped !== item) (copy ??= [...value])[i] = mapped;
    });
    return copy ?? value;
  }
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const mappedKey = touched(key) ? fn(key) : key;
    const mapped = mapStrings(item, fn, touched);
    if (mappedKey !== key || mapped !== item) changed = true;
    return [mappedKey, mapped] as const;
  });
  if (!changed) return value;
  const copy: Record<string, unknown> = {};
  // defineProperty: a `__proto__` key stays an own key, never a prototype.
  for (const [key, item] of entries) Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** JSON text of a value for a jsonb parameter, its strings encoded ({@link encodeText}). */
export function encodeJson(value: unknown): string {
  const text = JSON.stringify(value);
  // JSON.stringify writes NUL and lone surrogates as escapes (`\u0000`, `\ud800`); U+E000 stays a raw character.
  if (!text.includes('\\u0000') && !text.includes(ESCAPE) && !/\\ud[89a-f]/.test(text)) return text;
  return JSON.stringify(mapStrings(JSON.parse(text), encodeText, needsEncoding));
}

/** A jsonb value read back, its strings decoded ({@link decodeText}). */
export function decodeJson<T>(value: T): T {
  return mapStrings(value, decodeText, (s) => s.includes(ESCAPE)) as T;
}
