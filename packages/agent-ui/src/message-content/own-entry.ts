/**
 * Whether `table` has an own entry named by an untrusted `key` (a tool name, a data part's name, an
 * A2UI component type, icon name or variant). Only own properties count: a key such as
 * `constructor`, `toString` or `__proto__` never reaches `Object.prototype` (whose values, rendered
 * as a component or a React child, throw). Read components as `hasEntry(t, k) ? t[k] : undefined`
 * (a component looked up by a call would count as one created during render).
 */
export function hasEntry<T>(table: Readonly<Record<string, T>> | undefined, key: unknown): table is Readonly<Record<string, T>> {
  return table !== undefined && typeof key === 'string' && Object.hasOwn(table, key);
}

/** The own entry of `table` named by an untrusted `key` (see {@link hasEntry}), or `undefined`. */
export function ownEntry<T>(table: Readonly<Record<string, T>> | undefined, key: unknown): T | undefined {
  return hasEntry(table, key) ? table[key as string] : undefined;
}
