const has = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/** True when an object in `value` could poison a prototype: an own `__proto__`, or a `constructor` object with a `prototype`. */
function poisons(value: object): boolean {
  let level: object[] = [value];
  while (level.length > 0) {
    const next: object[] = [];
    for (const node of level) {
      if (has(node, '__proto__')) return true;
      const ctor = (node as { constructor?: unknown }).constructor;
      if (has(node, 'constructor') && ctor !== null && typeof ctor === 'object' && has(ctor, 'prototype')) return true;
      for (const key in node) {
        const child = (node as Record<string, unknown>)[key];
        if (child && typeof child === 'object') next.push(child);
      }
    }
    level = next;
  }
  return false;
}

/**
 * `JSON.parse` that refuses what could poison a prototype (an object with a `__proto__` key, or a
 * `constructor` holding a `prototype`, spelled out or escaped) with a `SyntaxError` — the rule of
 * the `secure-json-parse` package the `ai` package uses. A text that cannot hold such a key (no
 * `__proto__`, `constructor` or `\u00` escape in it) is not walked.
 */
export function secureJsonParse(text: string): unknown {
  const value = JSON.parse(text) as unknown;
  if (value === null || typeof value !== 'object') return value;
  if (!text.includes('__proto__') && !text.includes('constructor') && !text.includes('\\u00')) return value;
  if (poisons(value)) throw new SyntaxError('Object contains forbidden prototype property');
  return value;
}
