import type { PolicyContext, PolicyVerdict, ToolPolicy } from '../../config/policy-types.js';
import type { Logger } from '../../config/types.js';
import { conditionHolds } from './policy-match.js';

/** The outcome of the `before` policies for one call. */
export type PolicyDecision =
  | { type: 'deny'; reason: string }
  | { type: 'run'; input: unknown; requireApproval: boolean };

/** A policy of a tool with its index (for its default name). */
export interface IndexedPolicy {
  policy: ToolPolicy;
  index: number;
}

const nameOf = ({ policy, index }: IndexedPolicy) => policy.name ?? `policies[${index}]`;

/** The message the model reads for a denied call. */
export function deniedMessage(policy: string, reason: string): string {
  return `Denied by policy "${policy}": ${reason}`;
}

async function applies(entry: IndexedPolicy, input: unknown, ctx: PolicyContext): Promise<boolean> {
  const when = entry.policy.when;
  if (when === undefined) return true;
  if (typeof when === 'function') return (await when(input, ctx)) === true;
  return [when].flat().every((condition) => conditionHolds(condition, input));
}

function isVerdict(value: unknown): value is PolicyVerdict {
  if (value === 'allow' || value === 'require-approval') return true;
  if (typeof value !== 'object' || value === null) return false;
  return (typeof (value as { deny?: unknown }).deny === 'string') || 'rewrite' in value;
}

/**
 * Runs the `before` side of a tool's policies in order: the first `allow`, `deny` or
 * `require-approval` decides; a `rewrite` replaces the input and the next policies see the new
 * one. A policy that throws (or answers something that is not a verdict) denies the call — fail
 * closed — and is logged.
 */
export async function decideBefore(policies: readonly IndexedPolicy[], input: unknown, ctx: PolicyContext, logger: Logger): Promise<PolicyDecision> {
  let current = input;
  for (const entry of policies) {
    if (entry.policy.before === undefined) continue;
    let verdict: PolicyVerdict | undefined;
    try {
      if (!(await applies(entry, current, ctx))) continue;
      const before = entry.policy.before;
      verdict = typeof before === 'function' ? await before(current, ctx) : before;
      if (verdict !== undefined && !isVerdict(verdict)) throw new Error(`not a verdict: ${JSON.stringify(verdict)?.slice(0, 80)}`);
    } catch (error) {
      logger.error(`tool policy "${nameOf(entry)}" failed; the call is denied`, { agentId: ctx.agentId, toolName: ctx.toolName, error: error instanceof Error ? error.message : String(error) });
      return { type: 'deny', reason: deniedMessage(nameOf(entry), 'the policy failed, so the call is not allowed.') };
    }
    if (verdict === undefined) continue;
    if (verdict === 'allow') return { type: 'run', input: current, requireApproval: false };
    if (verdict === 'require-approval') return { type: 'run', input: current, requireApproval: true };
    if ('deny' in verdict) return { type: 'deny', reason: deniedMessage(nameOf(entry), verdict.deny) };
    current = verdict.rewrite;
  }
  return { type: 'run', input: current, requireApproval: false };
}

/** Runs the `after` side of every applying policy, in order. A policy that throws withholds the output (fail closed). */
export async function applyAfter(policies: readonly IndexedPolicy[], output: unknown, input: unknown, ctx: PolicyContext, logger: Logger): Promise<unknown> {
  let current = output;
  for (const entry of policies) {
    const after = entry.policy.after;
    if (after === undefined) continue;
    try {
      if (!(await applies(entry, input, ctx))) continue;
      current = typeof after === 'function' ? await after(current, input, ctx) : redact(current, after.redact, after.replacement ?? '[redacted]');
    } catch (error) {
      logger.error(`tool policy "${nameOf(entry)}" failed on the output; it is withheld`, { agentId: ctx.agentId, toolName: ctx.toolName, error: error instanceof Error ? error.message : String(error) });
      throw new Error(deniedMessage(nameOf(entry), 'the output could not be checked, so it is withheld.'), { cause: error });
    }
  }
  return current;
}

/**
 * A copy of `value` with the values at the dotted paths replaced (`*` as a segment matches every
 * key or array item, so `items.*.email` reaches each item). JSON text (an MCP text result) is
 * parsed, redacted and serialized again.
 */
export function redact(value: unknown, paths: readonly string[], replacement: string): unknown {
  if (typeof value === 'string') {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (typeof parsed === 'object' && parsed !== null) return JSON.stringify(redact(parsed, paths, replacement));
    } catch {
      return value;
    }
    return value;
  }
  let copy = structuredClone(value);
  for (const path of paths) copy = redactPath(copy, path.split('.'), replacement);
  return copy;
}

function redactPath(value: unknown, segments: string[], replacement: string): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const [head, ...rest] = segments;
  const record = value as Record<string, unknown>;
  // MCP results carry JSON text in `content[].text`: look inside it too.
  if (Array.isArray((record as { content?: unknown }).content) && !Object.hasOwn(record, head!)) {
    for (const item of (record as { content: { type?: string; text?: unknown }[] }).content) {
      if (item?.type === 'text' && typeof item.text === 'string') item.text = redact(item.text, [segments.join('.')], replacement) as string;
    }
  }
  const keys = head === '*' ? Object.keys(record) : Object.hasOwn(record, head!) ? [head!] : [];
  for (const key of keys) record[key] = rest.length === 0 ? replacement : redactPath(record[key], rest, replacement);
  return value;
}
