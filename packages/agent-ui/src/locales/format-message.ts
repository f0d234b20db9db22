/**
 * The kit's message formatter: a small subset of ICU MessageFormat, enough for UI strings.
 *
 * - `{name}`: the argument. A number is formatted with `Intl.NumberFormat` of the locale, an array of
 *   strings is joined with `Intl.ListFormat` (conjunction: “A, B and C”), a string is used as is.
 * - `{count, plural, =0 {…} one {# item} other {# items}}`: an exact `=n` case first, else the
 *   category of `Intl.PluralRules` for the locale (zero, one, two, few, many, other); `other` is
 *   required; `#` inside is the number, formatted for the locale.
 * - `{key, select, a {…} b {…} other {…}}`: the case named by the argument's value, else `other`.
 *
 * An apostrophe is plain text (no ICU quoting). A message is parsed once and cached. A malformed
 * message or a missing argument never throws: the raw message is shown and, outside production, a
 * warning is logged once per message.
 */

/** The values a message can be formatted with. */
export type MessageValue = string | number | readonly string[];
export type MessageArgs = Readonly<Record<string, MessageValue>>;

type Node = string | { kind: 'arg'; name: string } | { kind: 'pound' } | { kind: 'plural' | 'select'; name: string; cases: ReadonlyMap<string, readonly Node[]> };

/** A message that cannot be parsed or formatted. */
export class MessageFormatError extends Error {
  override name = 'MessageFormatError';
}

/**
 * Argument and case names: letters and digits of any script, `_` and `-`. The ASCII test comes
 * first: the first use of a Unicode property class (`\p{L}`) in a page builds its tables, ≈ 5 ms of
 * the chat's mount in Chromium's profile for the one message it formats then; catalogue names are
 * ASCII, so the Unicode class is only built for a name that is not.
 */
const ASCII_NAME = /^[\w-]+$/u;
const NAME = /^[\p{L}\p{N}_-]+$/u;
const ASCII_CASE_KEY = /^(?:=-?\d+(?:\.\d+)?|[\w-]+)$/u;
const CASE_KEY = /^(?:=-?\d+(?:\.\d+)?|[\p{L}\p{N}_-]+)$/u;
const isName = (text: string) => ASCII_NAME.test(text) || NAME.test(text);
const isCaseKey = (text: string) => ASCII_CASE_KEY.test(text) || CASE_KEY.test(text);

/** Parses `message` into its nodes; throws {@link MessageFormatError} when it is malformed. */
export function parseMessage(message: string): readonly Node[] {
  let at = 0;
  const fail = (why: string): never => {
    throw new MessageFormatError(`${why} at ${at} in “${message}”`);
  };
  const skipSpace = () => {
    while (at < message.length && /\s/u.test(message[at]!)) at++;
  };
  const word = (): string => {
    skipSpace();
    const start = at;
    while (at < message.length && !/[\s,{}]/u.test(message[at]!)) at++;
    return message.slice(start, at);
  };
  // Reads nodes up to an unmatched `}` (inside a case) or the end (top level).
  const nodes = (inPlural: boolean, nested: boolean): Node[] => {
    const out: Node[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push(text);
      text = '';
    };
    while (at < message.length) {
      const char = message[at]!;
      if (char === '}') {
        if (!nested) fail('Unmatched “}”');
        break;
      }
      if (char === '#' && inPlural) {
        flush();
        out.push({ kind: 'pound' });
        at++;
        continue;
      }
      if (char !== '{') {
        text += char;
        at++;
        continue;
      }
      flush();
      at++;
      out.push(placeholder(inPlural));
    }
    flush();
    return out;
  };
  // After `{`: `name}` or `name, plural|select, cases}`.
  const placeholder = (inPlural: boolean): Node => {
    const name = word();
    if (!isName(name)) fail('Expected an argument name');
    skipSpace();
    if (message[at] === '}') {
      at++;
      return { kind: 'arg', name };
    }
    if (message[at] !== ',') fail('Expected “}” or “,”');
    at++;
    const typeWord = word();
    if (typeWord !== 'plural' && typeWord !== 'select') return fail(`Unknown argument type “${typeWord}”`);
    const type: 'plural' | 'select' = typeWord;
    skipSpace();
    if (message[at] !== ',') fail('Expected “,”');
    at++;
    const cases = new Map<string, readonly Node[]>();
    for (;;) {
      skipSpace();
      if (message[at] === '}') break;
      const key = word();
      if (!isCaseKey(key)) fail('Expected a case name');
      if (cases.has(key)) fail(`Case “${key}” appears twice`);
      skipSpace();
      if (message[at] !== '{') fail('Expected “{”');
      at++;
      cases.set(key, nodes(type === 'plural' || inPlural, true));
      if (message[at] !== '}') fail('Expected “}”');
      at++;
    }
    at++;
    if (!cases.has('other')) fail(`A ${type} needs an “other” case`);
    return { kind: type, name, cases };
  };
  const result = nodes(false, false);
  if (at < message.length) fail('Unexpected text');
  return result;
}

const parsed = new Map<string, readonly Node[] | MessageFormatError>();

function parseCached(message: string): readonly Node[] | MessageFormatError {
  let entry = parsed.get(message);
  if (!entry) {
    try {
      entry = parseMessage(message);
    } catch (error) {
      entry = error instanceof MessageFormatError ? error : new MessageFormatError(String(error));
    }
    parsed.set(message, entry);
  }
  return entry;
}

/** `Intl` objects per locale, made once (a tag `Intl` does not know falls back to the default locale). */
function intlCache<T>(make: (locale: string | undefined) => T): (locale: string) => T {
  const cache = new Map<string, T>();
  return (locale) => {
    let value = cache.get(locale);
    if (!value) {
      try {
        value = make(locale);
      } catch {
        value = make(undefined);
      }
      cache.set(locale, value);
    }
    return value;
  };
}

const intlNumberFormat = intlCache((locale) => new Intl.NumberFormat(locale));
const intlPluralRules = intlCache((locale) => new Intl.PluralRules(locale));

/**
 * English, the default locale, without `Intl` for what a chat shows at mount (“12 earlier
 * messages”): the first `Intl.PluralRules` / `Intl.NumberFormat` of a page costs 10–15 ms in
 * Chromium (it loads the locale's data). English cardinals: `one` for exactly 1, else `other`; an
 * integer below 1,000 is its digits. Anything else goes to `Intl` (format-message.test.ts compares).
 */
const english = (locale: string) => locale === 'en' || locale.startsWith('en-');
const formatNumber = (locale: string, value: number): string =>
  english(locale) && Number.isInteger(value) && Math.abs(value) < 1000 ? String(value) : intlNumberFormat(locale).format(value);
const pluralOf = (locale: string, count: number): string => (english(locale) ? (Math.abs(count) === 1 ? 'one' : 'other') : intlPluralRules(locale).select(count));
const listFormat = intlCache((locale) => new Intl.ListFormat(locale, { type: 'conjunction' }));

/** The plural categories `Intl.PluralRules` knows for `locale` (cardinal). */
export function pluralCategories(locale: string): readonly string[] {
  return intlPluralRules(locale).resolvedOptions().pluralCategories;
}

function valueText(value: MessageValue, locale: string): string {
  if (typeof value === 'number') return formatNumber(locale, value);
  if (typeof value === 'string') return value;
  return listFormat(locale).format(value);
}

function render(nodes: readonly Node[], args: MessageArgs, locale: string, pound: number | undefined): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') {
      out += node;
      continue;
    }
    if (node.kind === 'pound') {
      out += formatNumber(locale, pound!);
      continue;
    }
    if (!Object.hasOwn(args, node.name)) throw new MessageFormatError(`Missing argument “${node.name}”`);
    const value = args[node.name]!;
    if (node.kind === 'arg') {
      out += valueText(value, locale);
      continue;
    }
    if (node.kind === 'select') {
      const key = String(value);
      out += render(node.cases.get(key) ?? node.cases.get('other')!, args, locale, pound);
      continue;
    }
    const count = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(count)) throw new MessageFormatError(`Argument “${node.name}” is not a number`);
    const chosen = node.cases.get(`=${count}`) ?? node.cases.get(pluralOf(locale, count)) ?? node.cases.get('other')!;
    out += render(chosen, args, locale, count);
  }
  return out;
}

const warned = new Set<string>();

function isProduction(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.NODE_ENV === 'production';
}

function warnOnce(message: string, error: unknown) {
  if (warned.has(message) || isProduction()) return;
  warned.add(message);
  console.warn(`[@x/agent-ui] Message shown unformatted: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * `message` with `args` filled in for `locale` (a BCP 47 tag). Never throws: a malformed message or
 * a missing argument gives the raw message (and a warning once, outside production).
 */
export function formatMessage(message: string, args: MessageArgs, locale: string): string {
  const nodes = parseCached(message);
  if (nodes instanceof MessageFormatError) {
    warnOnce(message, nodes);
    return message;
  }
  try {
    return render(nodes, args, locale, undefined);
  } catch (error) {
    warnOnce(message, error);
    return message;
  }
}

/** The names of the arguments `message` uses, and for each plural or select its case names (for the catalogue tests). */
export function messageShape(message: string): { args: ReadonlySet<string>; cases: ReadonlyMap<string, { kind: 'plural' | 'select'; keys: readonly string[] }> } {
  const args = new Set<string>();
  const cases = new Map<string, { kind: 'plural' | 'select'; keys: string[] }>();
  const visit = (nodes: readonly Node[]) => {
    for (const node of nodes) {
      if (typeof node === 'string' || node.kind === 'pound') continue;
      args.add(node.name);
      if (node.kind === 'arg') continue;
      const entry = cases.get(node.name) ?? { kind: node.kind, keys: [] };
      for (const [key, children] of node.cases) {
        if (!entry.keys.includes(key)) entry.keys.push(key);
        visit(children);
      }
      cases.set(node.name, entry);
    }
  };
  visit(parseMessage(message));
  return { args, cases };
}
