import type { AgentUIStrings, AgentUIStringsOverride } from './agent-ui-strings.js';

const isGroup = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `strings` with `override` on top: a text or function replaces the one of the same name; a group
 * (`queue`, `errorCodes`, `timeline`, …) is merged key by key; `undefined` keeps the one underneath.
 */
export function mergeStrings(strings: AgentUIStrings, override: AgentUIStringsOverride): AgentUIStrings {
  const out: Record<string, unknown> = { ...strings };
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue;
    const under = out[key];
    out[key] = isGroup(value) && isGroup(under) ? { ...under, ...Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) } : value;
  }
  return out as unknown as AgentUIStrings;
}
