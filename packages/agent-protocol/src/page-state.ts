// Zod-free on purpose (client bundles import it); the schemas are in page-state-schemas.ts.
import { isReservedKey } from './tool-names.js';

/** Input of the `update-page-state` client tool. */
export interface UpdatePageStateInput {
  updates: Record<string, unknown>;
  /**
   * Set by the server, not the model: keys (paths such as `filters.__proto__`) it removed from a
   * hostile input before the page saw it. The page reports them as `ignored`.
   */
  ignored?: string[];
}

/**
 * A copy of a JSON value without reserved keys (`__proto__`, `constructor`, `prototype`) at any
 * depth, and the dotted paths of those it removed (under `path`). Own `__proto__` keys (as
 * `JSON.parse` makes them) are read safely and never become prototypes of the copy.
 */
export function withoutReservedKeys(value: unknown, path = ''): { value: unknown; removed: string[] } {
  const removed: string[] = [];
  const strip = (v: unknown, at: string, depth: number): unknown => {
    if (typeof v !== 'object' || v === null || depth > 64) return v;
    if (Array.isArray(v)) return v.map((item, i) => strip(item, at ? `${at}.${i}` : String(i), depth + 1));
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v)) {
      const keyPath = at ? `${at}.${key}` : key;
      if (isReservedKey(key)) removed.push(keyPath);
      else Object.defineProperty(out, key, { value: strip((v as Record<string, unknown>)[key], keyPath, depth + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  return { value: strip(value, path, 0), removed };
}

/** Why the page did not write one key (or nested path, e.g. `filters.__proto__`). */
export interface PageStateRefusal {
  key: string;
  reason: string;
}

/**
 * What the client answers: the keys it wrote and, when any were refused, which (`ignored`) and why
 * (`reasons`, one `{ key, reason }` per ignored key, in the same order), so the model can correct
 * itself. `ignored` and `reasons` are present only when non-empty. Reasons are a list, not an object
 * keyed by the key: a refused `__proto__` must never become an object key of a message the server
 * has to accept.
 */
export interface UpdatePageStateOutput {
  ok: true;
  written: string[];
  ignored?: string[];
  reasons?: PageStateRefusal[];
}

/** The `ignored` and `reasons` of an answer that refused `refusals` (nothing when there are none). */
export function refusedKeys(refusals: readonly PageStateRefusal[]): Pick<UpdatePageStateOutput, 'ignored' | 'reasons'> {
  if (refusals.length === 0) return {};
  return { ignored: refusals.map((r) => r.key), reasons: refusals.map(({ key, reason }) => ({ key, reason })) };
}

/** Kind of a shared-state value, as the tool description lists it. */
export type SharedStateKind = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';

export function sharedStateKind(value: unknown): SharedStateKind {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  if (t === 'string' || t === 'number' || t === 'boolean') return t;
  if (t === 'bigint') return 'number';
  return 'object';
}
