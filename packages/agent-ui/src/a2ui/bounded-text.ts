// Text built from untrusted A2UI data, bounded before it is built: a value is turned into at most
// `max` characters (JSON for objects, written piece by piece and stopped at the budget), so a data
// model that a template expands many times can never build a string too long for the engine
// (`RangeError: Invalid string length` would unmount the page's React root).

/** At most this many characters in one text of a surface (a Text, a label, a `formatString` result). */
export const MAX_TEXT_LENGTH = 10_000;
/** What ends a text that was cut at its budget. */
export const TRUNCATION_MARK = '…';
/** Objects and arrays deeper than this are written as `null` (JSON.stringify would recurse on). */
const MAX_JSON_DEPTH = 32;

class Full extends Error {}
class Cycle extends Error {}

/** Collects pieces up to a budget: `add` returns `false` (and marks the text truncated) once it is full. */
export class TextBudget {
  private readonly pieces: string[] = [];
  private length = 0;
  truncated = false;
  constructor(private readonly max: number) {}
  /** Characters still free. */
  get left(): number {
    return this.max - this.length;
  }
  /** Adds `text` (cut to what is left); `false` when the budget is spent. */
  add(text: string): boolean {
    if (this.truncated) return false;
    if (text.length > this.left) {
      this.pieces.push(text.slice(0, this.left));
      this.length = this.max;
      this.truncated = true;
      return false;
    }
    this.pieces.push(text);
    this.length += text.length;
    return true;
  }
  /** The text, ending with {@link TRUNCATION_MARK} when something was cut (still at most `max` characters). */
  toString(): string {
    const text = this.pieces.join('');
    return this.truncated && this.max > 0 ? `${text.slice(0, this.max - TRUNCATION_MARK.length)}${TRUNCATION_MARK}` : text;
  }
}

/**
 * A value as text, per A2UI's conversion (null/undefined → '', objects → JSON), at most `max`
 * characters (a longer one is cut and ends with '…'). The work done is bounded by `max`, not by the
 * size of the value: a huge string is sliced, not copied; a huge object is written only up to `max`.
 * Plain data only (what JSON carries): a cyclic object (only an app's own JavaScript can make one)
 * reads as ''.
 */
export function toText(value: unknown, max = MAX_TEXT_LENGTH): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.length > max ? `${value.slice(0, Math.max(0, max - TRUNCATION_MARK.length))}${TRUNCATION_MARK}` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'object') return '';
  const budget = new TextBudget(max);
  try {
    writeJson(budget, value, 0, []);
  } catch (error) {
    if (error instanceof Cycle) return '';
    if (!(error instanceof Full)) throw error;
  }
  return budget.toString();
}

/** Appends `value` as text ({@link toText}) to `budget`, never building more than it has left; `false` once it is full. */
export function appendText(budget: TextBudget, value: unknown): boolean {
  return budget.add(toText(value, budget.left + 1));
}

/** `JSON.stringify` of plain data, written into `budget` until it is full (throws `Full` then). */
function writeJson(budget: TextBudget, value: unknown, depth: number, ancestors: object[]): void {
  const put = (text: string) => {
    if (!budget.add(text)) throw new Full();
  };
  if (value === null || typeof value === 'function' || typeof value === 'symbol' || value === undefined) return put('null');
  if (typeof value === 'string') return put(JSON.stringify(value.length > budget.left ? value.slice(0, budget.left + 1) : value));
  if (typeof value === 'number') return put(Number.isFinite(value) ? String(value) : 'null');
  if (typeof value === 'boolean') return put(String(value));
  if (typeof value !== 'object' || depth >= MAX_JSON_DEPTH) return put('null');
  if (ancestors.includes(value)) throw new Cycle();
  ancestors.push(value);
  if (Array.isArray(value)) {
    put('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) put(',');
      writeJson(budget, value[i], depth + 1, ancestors);
    }
    put(']');
  } else {
    put('{');
    let first = true;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      put(`${first ? '' : ','}${JSON.stringify(key.length > budget.left ? key.slice(0, budget.left + 1) : key)}:`);
      first = false;
      writeJson(budget, item, depth + 1, ancestors);
    }
    put('}');
  }
  ancestors.pop();
}
