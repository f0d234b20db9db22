import type { JSONValue } from '@ai-sdk/provider';

/** What recording hides before anything is written (beside the defaults, which always apply). */
export interface RedactOptions {
  /** Object keys whose values are replaced (a name, case-insensitive, or a pattern). */
  keys?: (string | RegExp)[];
  /** Known secret strings (API keys, tokens), replaced wherever they occur in a string. */
  values?: string[];
  /** Further patterns replaced in every string. */
  patterns?: RegExp[];
}

/** Written in place of a secret. */
export const REDACTED = '[redacted]';

const DEFAULT_KEY = /^(api[-_]?key|authorization|proxy-authorization|x-api-key|x-goog-api-key|password|passwd|secret|client[-_]?secret|token|access[-_]?token|refresh[-_]?token|id[-_]?token|cookie|set-cookie|private[-_]?key)$/i;
/** Provider-key and bearer-token shapes (OpenAI/Anthropic `sk-…`, `Bearer …`, Google `AIza…`). */
const DEFAULT_PATTERNS = [/\bsk-[A-Za-z0-9_-]{8,}/g, /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/g, /\bAIza[A-Za-z0-9_-]{20,}/g];

/** `value` (JSON-safe) with secret keys' values and secret strings replaced by `[redacted]`. */
export function redact(value: JSONValue, options: RedactOptions = {}): JSONValue {
  const keys = options.keys ?? [];
  const secretKey = (key: string) =>
    DEFAULT_KEY.test(key) || keys.some((k) => (typeof k === 'string' ? k.toLowerCase() === key.toLowerCase() : k.test(key)));
  const values = (options.values ?? []).filter((v) => v.length >= 4).sort((a, b) => b.length - a.length);
  const patterns = [...DEFAULT_PATTERNS, ...(options.patterns ?? [])];
  const scrub = (text: string) => {
    let out = text;
    for (const v of values) out = out.split(v).join(REDACTED);
    for (const p of patterns) out = out.replace(new RegExp(p.source, p.flags.includes('g') ? p.flags : `${p.flags}g`), REDACTED);
    return out;
  };
  const walk = (v: JSONValue): JSONValue => {
    if (typeof v === 'string') return scrub(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v).map(([k, inner]) => [k, secretKey(k) && inner !== null && inner !== undefined ? REDACTED : inner === undefined ? undefined : walk(inner)]),
      ) as JSONValue;
    }
    return v;
  };
  return walk(value);
}

/**
 * Whether `actual` matches `recorded` where the recording redacted: a recorded string with
 * `[redacted]` in it matches any text in those places.
 */
export function matchesRedacted(recorded: string, actual: string): boolean {
  if (!recorded.includes(REDACTED)) return recorded === actual;
  const pattern = recorded.split(REDACTED).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*');
  return new RegExp(`^${pattern}$`).test(actual);
}
