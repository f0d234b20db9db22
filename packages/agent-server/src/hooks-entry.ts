/**
 * `@x/agent-server/hooks`: the types of an agent's hooks and tool policies — the event each hook
 * slot receives (`HookEvent` and one type per slot), what a hook may return (`HookResult`,
 * `ToolCallDirective`), the slots in turn order (`HOOK_NAMES`), and the policy rules
 * (`ToolPolicy`, `PolicyCondition`, …). The server config takes them by shape; import these names
 * to type a hook or a policy written apart from the config.
 */
export {
  HOOK_NAMES,
  type AgentHooks,
  type FinishHookEvent,
  type HookContext,
  type HookDataPart,
  type HookEvent,
  type HookFunction,
  type HookName,
  type HookResult,
  type HookStep,
  type HookToolCall,
  type HookToolResult,
  type StartHookEvent,
  type StepFinishHookEvent,
  type StepStartHookEvent,
  type ToolCallFinishHookEvent,
  type ToolCallDirective,
  type ToolCallStartHookEvent,
  type TurnRequestContext,
} from './config/hook-types.js';
export type { PolicyAfter, PolicyCondition, PolicyContext, PolicyVerdict, ToolPolicy } from './config/policy-types.js';
