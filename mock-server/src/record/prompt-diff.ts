import type { JSONValue } from '@ai-sdk/provider';
import { sortKeys } from './fixture.js';
import { matchesRedacted } from './redact.js';

/** Whether an actual prompt (normalised) is the recorded one; `[redacted]` in the recording matches any text. */
export function samePrompt(recorded: JSONValue, actual: JSONValue): boolean {
  if (typeof recorded === 'string' && typeof actual === 'string') return matchesRedacted(recorded, actual);
  if (Array.isArray(recorded) || Array.isArray(actual)) {
    return Array.isArray(recorded) && Array.isArray(actual) && recorded.length === actual.length && recorded.every((r, i) => samePrompt(r, actual[i] as JSONValue));
  }
  if (recorded && actual && typeof recorded === 'object' && typeof actual === 'object') {
    const keys = new Set([...Object.keys(recorded), ...Object.keys(actual)]);
    return [...keys].every((k) => {
      const r = (recorded as Record<string, JSONValue | undefined>)[k];
      const a = (actual as Record<string, JSONValue | undefined>)[k];
      return r === undefined || a === undefined ? r === a : samePrompt(r, a);
    });
  }
  return recorded === actual;
}

/**
 * A unified, line-based diff of two JSON values (pretty-printed with sorted keys): `-` lines are the
 * recording's, `+` lines the app's, with `context` unchanged lines around each change.
 */
export function jsonDiff(recorded: JSONValue, actual: JSONValue, context = 3): string {
  const a = JSON.stringify(sortKeys(recorded), null, 2).split('\n');
  const b = JSON.stringify(sortKeys(actual), null, 2).split('\n');
  // Longest common subsequence table, from the end.
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] || matchesRedacted(a[i]!, b[j]!) ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const lines: { mark: ' ' | '-' | '+'; text: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && (a[i] === b[j] || matchesRedacted(a[i]!, b[j]!))) {
      lines.push({ mark: ' ', text: a[i]! });
      i++;
      j++;
    } else if (j < b.length && (i === a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      lines.push({ mark: '+', text: b[j++]! });
    } else {
      lines.push({ mark: '-', text: a[i++]! });
    }
  }
  const keep = lines.map((l, n) => l.mark !== ' ' || lines.slice(Math.max(0, n - context), n + context + 1).some((o) => o.mark !== ' '));
  const out: string[] = [];
  lines.forEach((l, n) => {
    if (keep[n]) out.push(`${l.mark} ${l.text}`);
    else if (keep[n - 1]) out.push('  …');
  });
  return out.join('\n');
}
