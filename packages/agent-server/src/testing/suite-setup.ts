import { afterAll, beforeAll } from 'vitest';

/**
 * The setup the conformance suites share. Call inside the suite's `describe`: `make` runs once
 * before its cases and `assign` hands the value to them; `warm` (optional) runs right after, still
 * within the 60 s of the setup, so a backend that starts or migrates lazily does it here and not in
 * the first case's time; `close` runs after the cases.
 */
export function setUpOnce<T>(
  make: () => T | Promise<T>,
  assign: (value: T) => void,
  options: { warm?: (value: T) => unknown; close?: (value: T) => unknown } = {},
): void {
  let made: { value: T } | undefined;
  beforeAll(async () => {
    const value = await make();
    made = { value };
    assign(value);
    await options.warm?.(value);
  }, 60_000);
  afterAll(async () => {
    if (made) await options.close?.(made.value);
  });
}

/** Ids no other case uses, also across runs on a shared backend: `${prefix}-<time>-<n>-<random>`. */
export function uniqueIds(): (prefix: string) => string {
  let n = 0;
  return (prefix) => `${prefix}-${Date.now().toString(36)}-${(n++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
