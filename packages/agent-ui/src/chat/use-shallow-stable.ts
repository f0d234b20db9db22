'use client';
import { useState } from 'react';

export function shallowEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((key) => {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    return x === y || (Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((v, i) => v === y[i]));
  });
}

/**
 * `value`, or the previous value while they are shallowly equal: inline objects and arrays passed as
 * props keep their identity, so memoized parts below do not re-render for a new but equal literal.
 */
export function useShallowStable<T>(value: T): T {
  const [stable, setStable] = useState(value);
  if (!shallowEqual(stable, value)) {
    setStable(value);
    return value;
  }
  return stable;
}
