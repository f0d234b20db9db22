import picomatch from 'picomatch/posix.js';
import type { PolicyCondition, ToolPolicy } from '../../config/policy-types.js';
import { valueAt } from '../http/http-template.js';

const patterns = new Map<string, (name: string) => boolean>();

/** Whether a tool name matches a pattern: a picomatch glob (`*` any run of characters, `?`, `[abc]`, `{a,b}`). */
export function matchesName(pattern: string, name: string): boolean {
  let matcher = patterns.get(pattern);
  if (!matcher) {
    matcher = picomatch(pattern, { dot: true });
    patterns.set(pattern, matcher);
  }
  return matcher(name);
}

/** The policies (with their index) that apply to a tool of an agent, whatever its input. */
export function policiesFor(policies: readonly ToolPolicy[] | undefined, agentId: string, toolName: string): { policy: ToolPolicy; index: number }[] {
  const found: { policy: ToolPolicy; index: number }[] = [];
  (policies ?? []).forEach((policy, index) => {
    if (policy.agents && !policy.agents.includes(agentId)) return;
    if ([policy.match].flat().some((pattern) => matchesName(pattern, toolName))) found.push({ policy, index });
  });
  return found;
}

/** Whether one data condition holds for the input. */
export function conditionHolds(condition: PolicyCondition, input: unknown): boolean {
  const value = valueAt(input, condition.path);
  const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  if ('equals' in condition && JSON.stringify(value) !== JSON.stringify(condition.equals)) return false;
  if (condition.in && !condition.in.some((item) => JSON.stringify(item) === JSON.stringify(value))) return false;
  if (condition.matches !== undefined && !new RegExp(condition.matches).test(text)) return false;
  if (condition.contains !== undefined && !text.includes(condition.contains)) return false;
  if (condition.startsWith !== undefined && !text.startsWith(condition.startsWith)) return false;
  return true;
}
