/** Deepest nesting of objects/arrays a request body may have (the wire needs well under 20). */
export const MAX_JSON_DEPTH = 64;

/**
 * The nesting depth of a JSON text, counted without parsing it (brackets outside strings), and
 * stopping as soon as it passes `limit` — so an adversarial `[[[[…` is refused in linear time,
 * before `JSON.parse` and any recursive walk (reviver, validation, cloning) can overflow the stack.
 */
export function exceedsJsonDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

/**
 * `JSON.parse` that also reports where a `__proto__` key occurs (dotted path), so the request can
 * be refused before any code merges the value into an object. Call only on text that passed
 * `exceedsJsonDepth` (the reviver walk is recursive).
 */
export function parseJsonRejectingProto(text: string): { value: unknown; protoPath?: string } {
  let protoPath: string | undefined;
  const value: unknown = JSON.parse(text, function (this: unknown, key: string, v: unknown) {
    if (key === '__proto__' && protoPath === undefined) protoPath = '__proto__';
    return v;
  });
  if (protoPath !== undefined) protoPath = findProtoPath(value) ?? protoPath;
  return protoPath === undefined ? { value } : { value, protoPath };
}

function findProtoPath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  for (const key of Object.keys(value)) {
    if (key === '__proto__') return [...path, key].join('.');
    const found = findProtoPath((value as Record<string, unknown>)[key], [...path, key]);
    if (found) return found;
  }
  return undefined;
}
