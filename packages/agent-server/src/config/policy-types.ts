import type { ToolSource } from '../tools/tool-entry.js';
import type { AgentUser } from './tool-types.js';

/**
 * What a policy (or an `onToolCallStart` hook) decides before a call: run it, refuse it with a
 * reason the model reads, run it with another input, or ask the user first.
 */
export type PolicyVerdict = 'allow' | 'require-approval' | { deny: string } | { rewrite: unknown };

/** A data condition on the tool input (seed: the rule hooks' operators). All given tests must hold. */
export interface PolicyCondition {
  /** Dotted path into the input (`repo`, `filter.owner`). */
  path: string;
  equals?: unknown;
  in?: unknown[];
  /** A regular expression (source) the value (as text) must match. */
  matches?: string;
  contains?: string;
  startsWith?: string;
}

/** Who and what a policy function is asked about. */
export interface PolicyContext {
  agentId: string;
  toolName: string;
  toolCallId: string | undefined;
  /** Where the tool came from. */
  source: ToolSource;
  conversationId: string | undefined;
  user: AgentUser | undefined;
  /** Who calls: the model, or an MCP App from inside its UI (`POST …/mcp-apps/call`). */
  caller: 'model' | 'app';
}

/** What to do with a tool's output: remove values at paths (data), or a function. */
export type PolicyAfter = { redact: string[]; replacement?: string } | ((output: unknown, input: unknown, ctx: PolicyContext) => unknown);

/**
 * A tool policy (`config.policies[i]`): applies to the tools whose names match (`*` stands for
 * any run of characters, so `mcp__github__*` matches a namespaced MCP server's tools) of every
 * source. `before` runs before the call (first policy with a verdict wins; `rewrite` continues to
 * the next), `after` on the output (every matching one, in order). A policy that throws denies
 * the call (fail closed) and is logged.
 */
export interface ToolPolicy {
  /** Name for logs and deny messages (default `policies[i]`). */
  name?: string;
  match: string | string[];
  /** Only for these agents (default: every agent, sub-agents included). */
  agents?: string[];
  /** The policy applies only when this holds: conditions (all of them) or a predicate. */
  when?: PolicyCondition | PolicyCondition[] | ((input: unknown, ctx: PolicyContext) => boolean | Promise<boolean>);
  before?: PolicyVerdict | ((input: unknown, ctx: PolicyContext) => PolicyVerdict | undefined | Promise<PolicyVerdict | undefined>);
  after?: PolicyAfter;
}
