/**
 * The entry of `table` named by an untrusted `key` (a tool name, a data part's name, an A2UI
 * component type, icon name or variant), or `undefined`. Only the table's own properties count: a
 * key such as `constructor`, `toString` or `__proto__` never reaches `Object.prototype` (whose
 * values, rendered as a component or a React child, throw).
 */
export function ownEntry<T>(table: Readonly<Record<string, T>> | undefined, key: unknown): T | undefined {
  return table !== undefined && typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;
}
