// A2UI Dynamic* values: a literal, `{ path }` into the data model, or a function call. Only pure,
// safe functions are evaluated; anything else reads as empty (never code, never markup). Every
// expansion is bounded before it is built: nesting (8 calls deep), the number of calls one value
// may make, and the length of every text (bounded-text.ts).
import { appendText, MAX_TEXT_LENGTH, TextBudget, toText } from './bounded-text.js';
import { getAt, resolvePointer } from './json-pointer.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a component reads its data: the data model and its template scope (`/items/0`, or `''`). */
export interface Scope {
  model: unknown;
  base: string;
}

/** Calls nest at most this deep in one value (deeper ones read as `undefined`). */
const MAX_CALL_DEPTH = 8;
/** At most this many function calls are evaluated for one value (`and` of `and`s of… stops there). */
export const MAX_CALLS = 200;

/** The absolute pointer a `{ path }` binding writes to, or `undefined` (a literal, or a bad path). */
export function boundPointer(value: unknown, scope: Scope): string | undefined {
  return isRecord(value) && Object.hasOwn(value, 'path') ? resolvePointer(value.path, scope.base) : undefined;
}

/** How many calls one value may still make. */
interface Calls {
  left: number;
}

/** The value of a Dynamic* property (`undefined` for bad paths, unknown functions and expansions past the limits). */
export function resolveValue(value: unknown, scope: Scope): unknown {
  return evaluate(value, scope, 0, { left: MAX_CALLS });
}

function evaluate(value: unknown, scope: Scope, depth: number, calls: Calls): unknown {
  if (depth > MAX_CALL_DEPTH) return undefined;
  if (!isRecord(value)) return value;
  if (Object.hasOwn(value, 'path')) return getAt(scope.model, resolvePointer(value.path, scope.base));
  if (!Object.hasOwn(value, 'call') || typeof value.call !== 'string' || calls.left <= 0) return undefined;
  calls.left -= 1;
  const args = Object.hasOwn(value, 'args') && isRecord(value.args) ? value.args : {};
  return callFunction(value.call, args, scope, depth + 1, calls);
}

/** A Dynamic* property as text (at most {@link MAX_TEXT_LENGTH} characters, built no longer). */
export function resolveText(value: unknown, scope: Scope): string {
  return toText(resolveValue(value, scope), MAX_TEXT_LENGTH);
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/;

function callFunction(name: string, args: Record<string, unknown>, scope: Scope, depth: number, calls: Calls): unknown {
  const arg = (key: string) => (Object.hasOwn(args, key) ? evaluate(args[key], scope, depth, calls) : undefined);
  switch (name) {
    case 'formatString':
      return formatString(toText(arg('value')), scope);
    case 'required': {
      const v = arg('value');
      return !(v === undefined || v === null || v === '' || v === false || (Array.isArray(v) && v.length === 0));
    }
    case 'email':
      return EMAIL.test(toText(arg('value')));
    case 'length': {
      // A string's length is known without copying it; other values count as their (bounded) text.
      const value = arg('value');
      const n = typeof value === 'string' ? value.length : toText(value).length;
      const min = arg('min');
      const max = arg('max');
      return (typeof min !== 'number' || n >= min) && (typeof max !== 'number' || n <= max);
    }
    case 'numeric': {
      const n = Number(arg('value'));
      const min = arg('min');
      const max = arg('max');
      return Number.isFinite(n) && (typeof min !== 'number' || n >= min) && (typeof max !== 'number' || n <= max);
    }
    case 'and':
    case 'or': {
      const values = Object.hasOwn(args, 'values') && Array.isArray(args.values) ? args.values.slice(0, 50).map((v) => evaluate(v, scope, depth, calls) === true) : [];
      return name === 'and' ? values.every(Boolean) : values.some(Boolean);
    }
    case 'not':
      return arg('value') !== true;
    default:
      return undefined;
  }
}

const PLACEHOLDER = /(\\?)\$\{([^{}]{0,500})\}/g;

/**
 * `formatString`: `${/abs/path}` and `${relative}` are replaced by data; function calls in `${}` stay
 * empty and `\${` stays literal text. The result is written into a budget of
 * {@link MAX_TEXT_LENGTH} characters and expanding stops once it is full (the text then ends with
 * '…'): a template that repeats a large value thousands of times builds no more than that.
 */
function formatString(template: string, scope: Scope): string {
  const budget = new TextBudget(MAX_TEXT_LENGTH);
  const source = template.slice(0, MAX_TEXT_LENGTH);
  let last = 0;
  for (const match of source.matchAll(PLACEHOLDER)) {
    if (!budget.add(source.slice(last, match.index))) return budget.toString();
    last = match.index + match[0].length;
    const [whole, escaped, inner = ''] = match;
    const expression = inner.trim();
    const more = escaped ? budget.add(whole.slice(1)) : expression.includes('(') || appendText(budget, getAt(scope.model, resolvePointer(expression, scope.base)));
    if (!more) return budget.toString();
  }
  budget.add(source.slice(last));
  return budget.toString();
}

/**
 * Whether a component's `checks` all pass (a Button with a failing check is disabled). Checks are
 * `{ condition | call…, message }`; a check that is not a boolean function call passes.
 */
export function failingCheck(checks: unknown, scope: Scope): string | undefined {
  if (!Array.isArray(checks)) return undefined;
  for (const check of checks.slice(0, 20)) {
    if (!isRecord(check)) continue;
    const condition = Object.hasOwn(check, 'condition') && isRecord(check.condition) ? check.condition : check;
    if (resolveValue(condition, scope) === false) return Object.hasOwn(check, 'message') && typeof check.message === 'string' ? check.message.slice(0, 500) : 'Invalid';
  }
  return undefined;
}
