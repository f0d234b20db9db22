// JSON Pointers (RFC 6901) into an A2UI data model, with A2UI's relative paths (resolved against a
// template's scope). Bad pointers never throw: they read `undefined` and write nothing.

/** At most this many segments in a pointer (a longer one is treated as bad). */
const MAX_SEGMENTS = 32;
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

/** The absolute pointer of `path` in `scope` (`/items/0`): absolute paths ignore the scope. `undefined` when bad. */
export function resolvePointer(path: unknown, scope: string): string | undefined {
  if (typeof path !== 'string' || path.length > 1_000) return undefined;
  if (path === '' || path === '/') return path === '/' ? '' : scope;
  const full = path.startsWith('/') ? path : `${scope}/${path}`;
  return segmentsOf(full) ? full : undefined;
}

/** The unescaped segments of an absolute pointer, or `undefined` when it is bad. */
export function segmentsOf(pointer: string): string[] | undefined {
  if (pointer === '' || pointer === '/') return [];
  if (!pointer.startsWith('/')) return undefined;
  const segments = pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (segments.length > MAX_SEGMENTS || segments.some((s) => FORBIDDEN.has(s))) return undefined;
  return segments;
}

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] => typeof value === 'object' && value !== null;
/** An array index segment (`0`, `12`; no sign, no leading zero, below a million). */
const INDEX = /^(0|[1-9]\d{0,5})$/;

/**
 * The value at an absolute pointer, or `undefined`. Only own properties are read (a segment such as
 * `toString` or `constructor` never reaches a prototype), and of an array only its indexes (not `length`).
 */
export function getAt(model: unknown, pointer: string | undefined): unknown {
  if (pointer === undefined) return undefined;
  const segments = segmentsOf(pointer);
  if (!segments) return undefined;
  let value = model;
  for (const segment of segments) {
    if (!isContainer(value) || !Object.hasOwn(value, segment) || (Array.isArray(value) && !INDEX.test(segment))) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/**
 * A copy of `model` with `value` at the pointer (containers on the way are copied, missing ones
 * created as objects; `undefined` removes the key). `model` itself is returned for a bad pointer or
 * a path through a non-container.
 */
export function setAt(model: unknown, pointer: string, value: unknown): unknown {
  const segments = segmentsOf(pointer);
  if (!segments) return model;
  if (segments.length === 0) return value === undefined ? {} : value;
  const write = (node: unknown, index: number): unknown => {
    if (node !== undefined && !isContainer(node)) throw new BadPath();
    const copy: Record<string, unknown> | unknown[] = Array.isArray(node) ? [...node] : { ...(node as Record<string, unknown> | undefined) };
    const key = segments[index]!;
    if (Array.isArray(copy) && !INDEX.test(key)) throw new BadPath();
    const target = copy as Record<string, unknown>;
    if (index === segments.length - 1) {
      if (value === undefined && !Array.isArray(copy)) delete target[key];
      else target[key] = value;
    } else {
      target[key] = write(Object.hasOwn(target, key) ? target[key] : undefined, index + 1);
    }
    return copy;
  };
  try {
    return write(model ?? {}, 0);
  } catch (error) {
    if (error instanceof BadPath) return model;
    throw error;
  }
}

class BadPath extends Error {}
