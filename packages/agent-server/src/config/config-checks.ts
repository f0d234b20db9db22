import type { ConfigIssue } from './config-error.js';

/** Collects the issues of a config, each with its path. */
export class IssueList {
  readonly issues: ConfigIssue[] = [];
  add(path: string, message: string): void {
    this.issues.push({ path, message });
  }
}

/** A plain object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isPositiveInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** `JSON.stringify` for a message, cut short. */
export function show(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'function' ? 'a function' : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Reports keys of `value` that are not in `known` (typos such as `maxStep`). */
export function checkKnownKeys(list: IssueList, path: string, value: Record<string, unknown>, known: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) list.add(`${path}.${key}`, `unknown key (expected one of ${known.join(', ')})`);
  }
}
