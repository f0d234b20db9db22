import { checkKnownKeys, isObject, show, type IssueList } from './config-checks.js';

const POLICY_KEYS = ['name', 'match', 'agents', 'when', 'before', 'after'];
const CONDITION_KEYS = ['path', 'equals', 'in', 'matches', 'contains', 'startsWith'];

/** Checks `config.policies`: every problem with its path (`policies[2].before`). */
export function checkPolicies(list: IssueList, policies: unknown, agentIds: ReadonlySet<string>): void {
  if (policies === undefined) return;
  if (!Array.isArray(policies)) return list.add('policies', 'must be a list of { match, when?, before?, after? }');
  policies.forEach((policy: unknown, i) => {
    const at = `policies[${i}]`;
    if (!isObject(policy)) return list.add(at, 'must be { match, when?, before?, after? }');
    checkKnownKeys(list, at, policy, POLICY_KEYS);
    if (policy.name !== undefined && typeof policy.name !== 'string') list.add(`${at}.name`, 'must be a string');
    const patterns = [policy.match].flat();
    if (policy.match === undefined || patterns.length === 0 || !patterns.every((p) => typeof p === 'string' && p !== '')) {
      list.add(`${at}.match`, 'is required: a tool-name pattern ("mcp__github__*") or a list of them');
    }
    if (policy.agents !== undefined) {
      if (!Array.isArray(policy.agents)) list.add(`${at}.agents`, 'must be a list of agent ids');
      else policy.agents.forEach((id, j) => {
        if (typeof id !== 'string' || !agentIds.has(id)) list.add(`${at}.agents[${j}]`, `unknown agent ${show(id)}`);
      });
    }
    if (policy.when !== undefined && typeof policy.when !== 'function') {
      [policy.when].flat().forEach((condition: unknown, j) => checkCondition(list, Array.isArray(policy.when) ? `${at}.when[${j}]` : `${at}.when`, condition));
    }
    if (policy.before === undefined && policy.after === undefined) list.add(at, 'needs before or after');
    if (policy.before !== undefined && typeof policy.before !== 'function' && !isVerdict(policy.before)) {
      list.add(`${at}.before`, `must be "allow", "require-approval", { deny: reason }, { rewrite: input } or a function, got ${show(policy.before)}`);
    }
    if (policy.after !== undefined && typeof policy.after !== 'function') {
      const after = policy.after;
      if (!isObject(after) || !Array.isArray(after.redact) || !after.redact.every((p) => typeof p === 'string' && p !== '')) {
        list.add(`${at}.after`, 'must be { redact: [paths], replacement? } or a function (output, input, ctx) => output');
      } else {
        checkKnownKeys(list, `${at}.after`, after, ['redact', 'replacement']);
        if (after.replacement !== undefined && typeof after.replacement !== 'string') list.add(`${at}.after.replacement`, 'must be a string');
      }
    }
  });
}

function checkCondition(list: IssueList, at: string, condition: unknown): void {
  if (!isObject(condition)) return list.add(at, 'must be { path, equals?, in?, matches?, contains?, startsWith? } or a function');
  checkKnownKeys(list, at, condition, CONDITION_KEYS);
  if (typeof condition.path !== 'string' || condition.path === '') list.add(`${at}.path`, 'is required (a dotted path into the input)');
  if (condition.in !== undefined && !Array.isArray(condition.in)) list.add(`${at}.in`, 'must be a list');
  for (const key of ['contains', 'startsWith'] as const) {
    if (condition[key] !== undefined && typeof condition[key] !== 'string') list.add(`${at}.${key}`, 'must be a string');
  }
  if (condition.matches !== undefined) {
    try {
      if (typeof condition.matches !== 'string') throw new Error();
      new RegExp(condition.matches);
    } catch {
      list.add(`${at}.matches`, 'must be a valid regular expression');
    }
  }
}

function isVerdict(value: unknown): boolean {
  if (value === 'allow' || value === 'require-approval') return true;
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && ((keys[0] === 'deny' && typeof value.deny === 'string') || keys[0] === 'rewrite');
}
