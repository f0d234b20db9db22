import type { JSONValue } from '@ai-sdk/provider';

/**
 * A JSON-safe copy of what a model got or sent: bytes become `{ base64 }`, URLs and dates strings,
 * errors `{ name, message }`; functions, symbols and `undefined` are dropped.
 */
export function toJsonSafe(value: unknown): JSONValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof URL) return value.href;
  if (value instanceof Uint8Array) return { base64: bytesToBase64(value) };
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (Array.isArray(value)) return value.map((v) => (v === undefined || typeof v === 'function' ? null : toJsonSafe(v)));
  if (typeof value === 'object') {
    const out: Record<string, JSONValue> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
      out[k] = toJsonSafe(v);
    }
    return out;
  }
  return null;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Keys of a prompt that vary between runs of the same conversation and are not part of it. */
const VOLATILE_PROMPT_KEYS = new Set(['providerOptions', 'providerMetadata']);

/**
 * The prompt as a fixture stores and compares it: JSON-safe, without provider options/metadata
 * (they carry per-run ids and provider plumbing, not the conversation).
 */
export function normalisePrompt(prompt: unknown): JSONValue {
  const strip = (v: JSONValue): JSONValue => {
    if (Array.isArray(v)) return v.map(strip);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v)
          .filter(([k, inner]) => !VOLATILE_PROMPT_KEYS.has(k) && inner !== undefined)
          .map(([k, inner]) => [k, strip(inner ?? null)]),
      );
    }
    return v;
  };
  return strip(toJsonSafe(prompt));
}
