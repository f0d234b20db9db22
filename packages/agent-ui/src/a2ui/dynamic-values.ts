// A2UI Dynamic* values: a literal, `{ path }` into the data model, or a function call. Only pure,
// safe functions are evaluated; anything else reads as empty (never code, never markup).
import { getAt, resolvePointer } from './json-pointer.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a component reads its data: the data model and its template scope (`/items/0`, or `''`). */
export interface Scope {
  model: unknown;
  base: string;
}

/** The absolute pointer a `{ path }` binding writes to, or `undefined` (a literal, or a bad path). */
export function boundPointer(value: unknown, scope: Scope): string | undefined {
  return isRecord(value) && 'path' in value ? resolvePointer(value.path, scope.base) : undefined;
}

/** The value of a Dynamic* property (`undefined` for bad paths and unknown functions). */
export function resolveValue(value: unknown, scope: Scope, depth = 0): unknown {
  if (depth > 8) return undefined;
  if (!isRecord(value)) return value;
  if ('path' in value) return getAt(scope.model, resolvePointer(value.path, scope.base));
  if (typeof value.call === 'string') return callFunction(value.call, isRecord(value.args) ? value.args : {}, scope, depth + 1);
  return undefined;
}

/** A value as text, per the spec's conversion: null/undefined → '', objects → JSON. */
export function toText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** A Dynamic* property as text. */
export function resolveText(value: unknown, scope: Scope): string {
  return toText(resolveValue(value, scope)).slice(0, 10_000);
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/;

function callFunction(name: string, args: Record<string, unknown>, scope: Scope, depth: number): unknown {
  const arg = (key: string) => resolveValue(args[key], scope, depth);
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
      const n = toText(arg('value')).length;
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
      const values = Array.isArray(args.values) ? args.values.slice(0, 50).map((v) => resolveValue(v, scope, depth) === true) : [];
      return name === 'and' ? values.every(Boolean) : values.some(Boolean);
    }
    case 'not':
      return arg('value') !== true;
    default:
      return undefined;
  }
}

/** `formatString`: `${/abs/path}` and `${relative}` are replaced by data; function calls in `${}` and `\${` stay literal text. */
function formatString(template: string, scope: Scope): string {
  return template.slice(0, 10_000).replace(/(\\?)\$\{([^{}]{0,500})\}/g, (whole, escaped: string, inner: string) => {
    if (escaped) return whole.slice(1);
    const expression = inner.trim();
    if (expression.includes('(')) return '';
    return toText(getAt(scope.model, resolvePointer(expression, scope.base)));
  });
}

/**
 * Whether a component's `checks` all pass (a Button with a failing check is disabled). Checks are
 * `{ condition | call…, message }`; a check that is not a boolean function call passes.
 */
export function failingCheck(checks: unknown, scope: Scope): string | undefined {
  if (!Array.isArray(checks)) return undefined;
  for (const check of checks.slice(0, 20)) {
    if (!isRecord(check)) continue;
    const condition = isRecord(check.condition) ? check.condition : check;
    if (resolveValue(condition, scope) === false) return typeof check.message === 'string' ? check.message : 'Invalid';
  }
  return undefined;
}
