import { checkKnownKeys, isObject, isPositiveInt, show, type IssueList } from './config-checks.js';

/** Checks a `toolChoice` value: 'auto' | 'none' | 'required' | { type: 'tool', toolName }. */
export function checkToolChoice(list: IssueList, path: string, value: unknown): void {
  if (value === 'auto' || value === 'none' || value === 'required') return;
  if (isObject(value) && value.type === 'tool' && typeof value.toolName === 'string') return;
  list.add(path, `must be "auto", "none", "required" or { type: "tool", toolName }, got ${show(value)}`);
}

const RULE_KEYS = ['steps', 'from', 'to', 'activeTools', 'toolChoice', 'maxOutputTokens', 'temperature'];

/** Checks `prepareStep` rules: 1-based step numbers, ranges with from ≤ to, known overrides only. */
export function checkPrepareStep(list: IssueList, at: string, rules: unknown): void {
  const path = `${at}.prepareStep`;
  if (!Array.isArray(rules)) return list.add(path, 'must be a list of rules ({ steps } or { from, to? } with overrides)');
  rules.forEach((rule: unknown, i) => {
    const rp = `${path}[${i}]`;
    if (!isObject(rule)) return list.add(rp, 'must be an object');
    checkKnownKeys(list, rp, rule, RULE_KEYS);
    const { steps, from, to } = rule;
    if (steps !== undefined) {
      if (!Array.isArray(steps) || steps.length === 0 || !steps.every(isPositiveInt)) {
        list.add(`${rp}.steps`, 'must be a non-empty list of step numbers (1-based: step 1 is the first model call)');
      }
      if (from !== undefined || to !== undefined) list.add(rp, 'use either steps or from/to, not both');
    } else if (from === undefined && to === undefined) {
      list.add(rp, 'must match steps: set steps: [n…] or from (and optionally to)');
    }
    if (from !== undefined && !isPositiveInt(from)) list.add(`${rp}.from`, 'must be a step number ≥ 1');
    if (to !== undefined && !isPositiveInt(to)) list.add(`${rp}.to`, 'must be a step number ≥ 1');
    if (isPositiveInt(from) && isPositiveInt(to) && to < from) list.add(`${rp}.to`, `must not be before from (${from})`);
    if (rule.activeTools !== undefined && !(Array.isArray(rule.activeTools) && rule.activeTools.every((t) => typeof t === 'string'))) {
      list.add(`${rp}.activeTools`, 'must be a list of tool names');
    }
    if (rule.toolChoice !== undefined) checkToolChoice(list, `${rp}.toolChoice`, rule.toolChoice);
    if (rule.maxOutputTokens !== undefined && !isPositiveInt(rule.maxOutputTokens)) list.add(`${rp}.maxOutputTokens`, 'must be a positive integer');
    if (rule.temperature !== undefined && !(typeof rule.temperature === 'number' && rule.temperature >= 0)) {
      list.add(`${rp}.temperature`, 'must be a number ≥ 0');
    }
  });
}

const REASONING = ['all', 'before-last-message', 'none'];
const TOOL_CALLS = /^(all|before-last-message|none|before-last-[1-9]\d*-messages)$/;
const EMPTY = ['keep', 'remove'];

/** Checks `prune`: the values `pruneMessages` accepts. */
export function checkPrune(list: IssueList, at: string, prune: unknown): void {
  const path = `${at}.prune`;
  if (!isObject(prune)) return list.add(path, 'must be { reasoning?, toolCalls?, emptyMessages? }');
  checkKnownKeys(list, path, prune, ['reasoning', 'toolCalls', 'emptyMessages']);
  if (prune.reasoning !== undefined && !REASONING.includes(prune.reasoning as string)) {
    list.add(`${path}.reasoning`, `must be one of ${REASONING.join(', ')}, got ${show(prune.reasoning)}`);
  }
  if (prune.toolCalls !== undefined && !(typeof prune.toolCalls === 'string' && TOOL_CALLS.test(prune.toolCalls))) {
    list.add(`${path}.toolCalls`, `must be all, before-last-message, before-last-N-messages or none, got ${show(prune.toolCalls)}`);
  }
  if (prune.emptyMessages !== undefined && !EMPTY.includes(prune.emptyMessages as string)) {
    list.add(`${path}.emptyMessages`, `must be keep or remove, got ${show(prune.emptyMessages)}`);
  }
}
