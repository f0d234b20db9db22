import type { AgentUIStrings } from '../locales/agent-ui-strings.js';

type Kind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

function kindOf(value: unknown): Kind | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'object' || type === 'string' || type === 'number' || type === 'boolean' ? type : undefined;
}

/**
 * Why `text` cannot replace the proposed `input` of a tool call, or `undefined` when it can: it
 * must be JSON, of the proposed input's kind (an object stays an object). The tool's schema is the
 * server's to check: it refuses an edit that does not match, and the card shows why.
 */
export function inputProblem(text: string, input: unknown, strings: Pick<AgentUIStrings, 'inputNotJson' | 'inputInvalid'>): string | undefined {
  let edited: unknown;
  try {
    edited = JSON.parse(text);
  } catch (error) {
    return strings.inputNotJson(error instanceof Error ? error.message : String(error));
  }
  const expected = kindOf(input ?? {});
  const actual = kindOf(edited);
  if (expected && actual !== expected) return strings.inputInvalid(`expected ${expected === 'object' || expected === 'array' ? `an ${expected}` : `a ${expected}`}, got ${actual === 'null' ? 'null' : `a${actual === 'object' || actual === 'array' ? 'n' : ''} ${actual}`}`);
  return undefined;
}

/** Whether two JSON values are equal (key order ignored). */
export function isSameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((key) => Object.hasOwn(b, key) && isSameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
