import type { PrepareStepRule } from '../config/types.js';

/** The first rule matching a 1-based step number (step 1 is the first model call), if any. */
export function matchStepRule(rules: readonly PrepareStepRule[] | undefined, step: number): PrepareStepRule | undefined {
  return rules?.find((rule) => {
    if (rule.steps) return rule.steps.includes(step);
    if (rule.from !== undefined) return step >= rule.from && (rule.to === undefined || step <= rule.to);
    if (rule.to !== undefined) return step <= rule.to;
    return false;
  });
}

/** What a matched rule changes for its step (only the keys it sets). */
export function stepOverrides(rule: PrepareStepRule | undefined): Record<string, unknown> {
  if (!rule) return {};
  const out: Record<string, unknown> = {};
  if (rule.activeTools !== undefined) out.activeTools = rule.activeTools;
  if (rule.toolChoice !== undefined) out.toolChoice = rule.toolChoice;
  if (rule.maxOutputTokens !== undefined) out.maxOutputTokens = rule.maxOutputTokens;
  if (rule.temperature !== undefined) out.temperature = rule.temperature;
  return out;
}
