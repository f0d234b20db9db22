/**
 * Partial JSON parsing for streamed tool inputs: the AI SDK's `parsePartialJson` (ai 7.0.173),
 * synchronous and without the SDK's runtime. A text that is not yet complete JSON is repaired
 * (closed strings, arrays and objects; completed literals; a trailing half-written element dropped)
 * and parsed again. Parsing is the SDK's secure parsing: a value holding an object with an own
 * `__proto__` key, or a `constructor` object with a `prototype`, is rejected.
 */
import { secureJsonParse } from './secure-json.js';

/** How {@link parsePartialJson} got its value. */
export type PartialJsonState = 'undefined-input' | 'successful-parse' | 'repaired-parse' | 'failed-parse';

/** The result of {@link parsePartialJson}. */
export interface PartialJsonResult {
  /** The parsed value; undefined when the state is `undefined-input` or `failed-parse`. */
  value: unknown;
  state: PartialJsonState;
}

/**
 * Parses a JSON text that may be cut off anywhere: as is when it is complete (`successful-parse`),
 * else after repairing it (`repaired-parse`), else `failed-parse`; `undefined-input` for undefined.
 * The same results as the AI SDK's (asynchronous) `parsePartialJson`.
 */
export function parsePartialJson(text: string | undefined): PartialJsonResult {
  if (text === undefined) return { value: undefined, state: 'undefined-input' };
  const parsed: ParseOutcome = mayBeComplete(text) ? secureParse(text) : { ok: false };
  if (parsed.ok) return { value: parsed.value, state: 'successful-parse' };
  const repaired = secureParse(fixJson(text));
  if (repaired.ok) return { value: repaired.value, state: 'repaired-parse' };
  return { value: undefined, state: 'failed-parse' };
}

type ParseOutcome = { ok: true; value: unknown } | { ok: false };

/**
 * Whether the text may be complete JSON: its last character but whitespace can end a value (a
 * bracket, a quote, a digit, the last letter of `true`, `false` or `null`). Most texts cut off
 * mid-stream cannot, and are repaired without a parse first (which would throw).
 */
function mayBeComplete(text: string): boolean {
  let end = text.length - 1;
  while (end >= 0 && isJsonWhitespace(text.charCodeAt(end))) end--;
  if (end < 0) return false;
  const last = text.charCodeAt(end);
  return last === CLOSE_BRACE || last === CLOSE_BRACKET || last === QUOTE || isDigit(last) || last === LOWER_E || last === LOWER_L;
}

/** JSON's whitespace: space, tab, line feed, carriage return. */
const isJsonWhitespace = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 13;

/** `Error` with V8's (and others') stack trace depth setting, absent from the DOM typings. */
const TracedError: ErrorConstructor & { stackTraceLimit?: number } = Error;

/**
 * {@link secureJsonParse}, reporting failure instead of throwing to the caller. Stack traces are
 * turned off while parsing: a partial text fails on most deltas, and a failed `JSON.parse` would
 * otherwise capture one each time.
 */
function secureParse(text: string): ParseOutcome {
  const { stackTraceLimit } = TracedError;
  let limited = false;
  try {
    TracedError.stackTraceLimit = 0;
    limited = true;
  } catch {
    // A frozen `Error` (some hardened environments): parse with traces on.
  }
  try {
    return { ok: true, value: secureJsonParse(text) };
  } catch {
    return { ok: false };
  } finally {
    if (limited) TracedError.stackTraceLimit = stackTraceLimit;
  }
}

/** The repairer's states: what the character at hand belongs to. A stack of them is the nesting. */
const S = {
  Root: 0,
  Finish: 1,
  String: 2,
  StringEscape: 3,
  StringUnicodeEscape: 4,
  Literal: 5,
  Number: 6,
  ObjectStart: 7,
  ObjectKey: 8,
  ObjectAfterKey: 9,
  ObjectBeforeValue: 10,
  ObjectAfterValue: 11,
  ObjectAfterComma: 12,
  ArrayStart: 13,
  ArrayAfterValue: 14,
  ArrayAfterComma: 15,
} as const;
type S = (typeof S)[keyof typeof S];

const LITERALS = ['true', 'false', 'null'] as const;

const isLiteralPrefix = (text: string): boolean => LITERALS.some((literal) => literal.startsWith(text));

// Character codes.
const QUOTE = 34; // "
const BACKSLASH = 92; // \
const COMMA = 44; // ,
const COLON = 58; // :
const MINUS = 45; // -
const POINT = 46; // .
const OPEN_BRACE = 123; // {
const CLOSE_BRACE = 125; // }
const OPEN_BRACKET = 91; // [
const CLOSE_BRACKET = 93; // ]
const LOWER_E = 101;
const UPPER_E = 69;
const LOWER_F = 102;
const LOWER_L = 108;
const LOWER_N = 110;
const LOWER_T = 116;
const LOWER_U = 117;

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

const isHexDigit = (code: number): boolean => isDigit(code) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);

/**
 * Repairs a JSON text cut off anywhere into one `JSON.parse` may accept: the text up to the last
 * character that completes something (a string character, a digit, a literal's letter, a closing
 * bracket), then whatever closes the open string, literal, arrays and objects. It is the AI SDK's
 * `fixJson`, state for state, quirks included (a key's escapes are not followed; a number's sign,
 * point and exponent, and a `\u` escape's first digits, are dropped when the text ends on them).
 */
function fixJson(input: string): string {
  return new JsonRepair(input).repair();
}

/** One run of {@link fixJson}: a stack of states (the nesting), walked character by character. */
class JsonRepair {
  private readonly stack: S[] = [S.Root];
  private lastValidIndex = -1;
  private literalStart = 0;
  private unicodeDigits = 0;
  private readonly input: string;

  constructor(input: string) {
    this.input = input;
  }

  repair(): string {
    const { input, stack } = this;
    const length = input.length;
    for (let i = 0; i < length; i++) {
      const code = input.charCodeAt(i);
      switch (stack[stack.length - 1]) {
        case S.Root:
          this.valueStart(code, i, S.Finish);
          break;
        case S.ObjectStart:
          if (code === QUOTE) this.replaceTop(S.ObjectKey);
          else if (code === CLOSE_BRACE) this.close(i);
          break;
        case S.ObjectAfterComma:
          if (code === QUOTE) this.replaceTop(S.ObjectKey);
          break;
        case S.ObjectKey:
          if (code === QUOTE) this.replaceTop(S.ObjectAfterKey);
          break;
        case S.ObjectAfterKey:
          if (code === COLON) this.replaceTop(S.ObjectBeforeValue);
          break;
        case S.ObjectBeforeValue:
          this.valueStart(code, i, S.ObjectAfterValue);
          break;
        case S.ObjectAfterValue:
          this.afterObjectValue(code, i);
          break;
        case S.String:
          i = this.stringRun(i);
          break;
        case S.ArrayStart:
          if (code === CLOSE_BRACKET) this.close(i);
          else this.valueStart(code, i, S.ArrayAfterValue);
          break;
        case S.ArrayAfterValue:
          // (Unlike after a number or literal, any other character here counts as valid.)
          if (code === COMMA) this.replaceTop(S.ArrayAfterComma);
          else if (code === CLOSE_BRACKET) this.close(i);
          else this.lastValidIndex = i;
          break;
        case S.ArrayAfterComma:
          this.valueStart(code, i, S.ArrayAfterValue);
          break;
        case S.StringEscape:
          stack.pop();
          if (code === LOWER_U) {
            this.unicodeDigits = 0;
            stack.push(S.StringUnicodeEscape);
          } else this.lastValidIndex = i;
          break;
        case S.StringUnicodeEscape:
          if (isHexDigit(code) && ++this.unicodeDigits === 4) {
            stack.pop();
            this.lastValidIndex = i;
          }
          break;
        case S.Number:
          if (isDigit(code)) this.lastValidIndex = i;
          else if (code !== LOWER_E && code !== UPPER_E && code !== MINUS && code !== POINT) {
            // (A sign, point or exponent is part of the number, but not a point it may end at.)
            stack.pop();
            this.afterScalar(code, i);
          }
          break;
        case S.Literal:
          if (isLiteralPrefix(input.substring(this.literalStart, i + 1))) this.lastValidIndex = i;
          else {
            stack.pop();
            this.afterScalar(code, i);
          }
          break;
        default:
          // Finish: what follows a complete top-level value is dropped.
          break;
      }
    }
    return input.slice(0, this.lastValidIndex + 1) + this.closing();
  }

  private replaceTop(state: S): void {
    this.stack[this.stack.length - 1] = state;
  }

  /** A closing bracket (or string quote) ends the innermost state. */
  private close(i: number): void {
    this.lastValidIndex = i;
    this.stack.pop();
  }

  /**
   * Inside a string from `start`: its plain characters up to a quote (which ends it) or a backslash
   * (which starts an escape) at once. Returns the index of the last character consumed.
   */
  private stringRun(start: number): number {
    const { input } = this;
    let i = start;
    while (i < input.length) {
      const code = input.charCodeAt(i);
      if (code === QUOTE) {
        this.close(i);
        return i;
      }
      if (code === BACKSLASH) {
        this.stack.push(S.StringEscape);
        return i;
      }
      this.lastValidIndex = i;
      i++;
    }
    return i;
  }

  /** A value begins (or not) at this character; `after` is where the enclosing container goes once it ends. */
  private valueStart(code: number, i: number, after: S): void {
    let inner: S;
    if (code === QUOTE) inner = S.String;
    else if (code === LOWER_F || code === LOWER_T || code === LOWER_N) {
      inner = S.Literal;
      this.literalStart = i;
    } else if (code === MINUS || isDigit(code)) inner = S.Number;
    else if (code === OPEN_BRACE) inner = S.ObjectStart;
    else if (code === OPEN_BRACKET) inner = S.ArrayStart;
    else return;
    if (code !== MINUS) this.lastValidIndex = i;
    this.replaceTop(after);
    this.stack.push(inner);
  }

  private afterObjectValue(code: number, i: number): void {
    if (code === COMMA) this.replaceTop(S.ObjectAfterComma);
    else if (code === CLOSE_BRACE) this.close(i);
  }

  private afterArrayValue(code: number, i: number): void {
    if (code === COMMA) this.replaceTop(S.ArrayAfterComma);
    else if (code === CLOSE_BRACKET) this.close(i);
  }

  /**
   * The character that ended a number or literal, handed to the container it is in (only a `,` or
   * the container's own closing bracket does anything there).
   */
  private afterScalar(code: number, i: number): void {
    const container = this.stack[this.stack.length - 1];
    if (container === S.ObjectAfterValue) this.afterObjectValue(code, i);
    else if (container === S.ArrayAfterValue) this.afterArrayValue(code, i);
  }

  /** What closes the states left open, innermost first. */
  private closing(): string {
    const { stack } = this;
    let closing = '';
    for (let i = stack.length - 1; i >= 0; i--) {
      switch (stack[i]) {
        case S.String:
          closing += '"';
          break;
        case S.ObjectKey:
        case S.ObjectAfterKey:
        case S.ObjectAfterComma:
        case S.ObjectStart:
        case S.ObjectBeforeValue:
        case S.ObjectAfterValue:
          closing += '}';
          break;
        case S.ArrayStart:
        case S.ArrayAfterComma:
        case S.ArrayAfterValue:
          closing += ']';
          break;
        case S.Literal: {
          const partial = this.input.substring(this.literalStart);
          const literal = LITERALS.find((candidate) => candidate.startsWith(partial));
          if (literal) closing += literal.slice(partial.length);
          break;
        }
        default:
          break;
      }
    }
    return closing;
  }
}
