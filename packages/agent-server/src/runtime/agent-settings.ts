import { hasToolCall, isStepCount, type ModelMessage, type StopCondition, type ToolLoopAgentSettings, type ToolSet } from 'ai';
import { CALL_SETTING_KEYS } from '../config/agent-keys.js';
import { DEFAULTS } from '../config/defaults.js';
import type { AgentConfig } from '../config/types.js';
import { UPDATE_PAGE_STATE_TOOL } from '@x/agent-protocol';
import { buildToolSet, type AgentToolSet } from '../tools/build-tool-set.js';
import { repairPageStateInput } from '../tools/update-page-state.js';
import { compactPrompt } from './compaction.js';
import { reportCompaction } from './compaction-history.js';
import { buildInstructions } from './instructions.js';
import { agentProviderOptions, resolveAgentModel } from '../providers/resolve-agent-model.js';
import { matchStepRule, stepOverrides } from './step-rules.js';
import { traceModel } from '../tracing/traced-model.js';
import { currentSecret } from '../security/signer.js';
import type { AgentRunPlace, TurnScope } from './turn-scope.js';

/** The `ToolLoopAgent` settings of one agent run, and its tool set. */
export interface AgentRun {
  settings: ToolLoopAgentSettings<never, ToolSet>;
  toolSet: AgentToolSet;
  maxSteps: number;
}

/**
 * Everything an agent's config turns into for one run (the chat's agent or a sub-agent): model,
 * instructions (with the `<context>` block), tools and approvals, stop conditions (max steps,
 * stop-on-tool-call, the doom-loop guard) and per-step rules — with tools withheld
 * (`toolChoice: 'none'`) on the last allowed step so the model answers in text.
 */
export async function buildAgentRun(agent: AgentConfig, place: AgentRunPlace, scope: TurnScope): Promise<AgentRun> {
  const toolSet = await buildToolSet(agent, place, scope);
  const maxSteps = agent.maxSteps ?? DEFAULTS.maxSteps;
  const stopOn = agent.stopOnToolCall === undefined ? [] : [agent.stopOnToolCall].flat();
  const stopWhen: StopCondition<ToolSet>[] = [isStepCount(maxSteps), () => toolSet.doomLoop.tripped !== undefined];
  if (stopOn.length > 0) stopWhen.push(hasToolCall(...stopOn));

  const callSettings: Record<string, unknown> = {};
  for (const key of CALL_SETTING_KEYS) if (agent[key] !== undefined) callSettings[key] = agent[key];
  const providerOptions = agentProviderOptions(agent);
  const instructions = buildInstructions(agent.instructions, agent.pageContext === true && place.depth === 0, scope.request);
  const hasTools = Object.keys(toolSet.tools).length > 0;
  const compact = await compactor(agent, place, scope);
  const model = await resolveAgentModel(scope.config, agent.model, agent.connection);

  const settings: ToolLoopAgentSettings<never, ToolSet> = {
    id: place.agentId,
    model: traceModel(model, scope.config.tracing),
    ...(instructions !== undefined ? { instructions } : {}),
    ...callSettings,
    ...(providerOptions ? { providerOptions } : {}),
    ...(hasTools ? { tools: toolSet.tools } : {}),
    ...(Object.keys(toolSet.toolApproval).length > 0 ? { toolApproval: toolSet.toolApproval } : {}),
    // The AI SDK signs and checks with one secret: the current one (older ones are re-signed before, `applyApprovalEdits`).
    ...(scope.config.approvalSecret ? { experimental_toolApprovalSecret: currentSecret(scope.config.approvalSecret)! } : {}),
    ...(agent.toolChoice !== undefined ? { toolChoice: agent.toolChoice } : {}),
    ...(agent.activeTools !== undefined ? { activeTools: agent.activeTools.filter((n) => n in toolSet.tools) } : {}),
    ...(UPDATE_PAGE_STATE_TOOL in toolSet.tools ? { repairToolCall: repairPageStateInput } : {}),
    stopWhen,
    prepareStep: async ({ stepNumber, messages, steps }) => {
      const step = stepNumber + 1;
      const overrides = stepOverrides(matchStepRule(agent.prepareStep, step));
      if (hasTools && maxSteps > 1 && step >= maxSteps) overrides.toolChoice = 'none';
      if (compact) {
        const compacted = await compact(messages, steps.at(-1)?.usage.inputTokens);
        if (compacted) overrides.messages = compacted;
      }
      return Object.keys(overrides).length > 0 ? overrides : undefined;
    },
  };
  return { settings, toolSet, maxSteps };
}

/**
 * Context compaction before a step (see `AgentConfig.compaction`): the prompt that replaces the
 * step's messages, or undefined to keep them. Only the chat's agent reports a marker.
 */
async function compactor(agent: AgentConfig, place: AgentRunPlace, scope: TurnScope) {
  const config = agent.compaction;
  if (!config) return undefined;
  const model = await resolveAgentModel(scope.config, config.model ?? agent.model, agent.connection);
  const state = place.depth === 0 ? scope.compaction : undefined;
  return async (messages: ModelMessage[], reportedInputTokens: number | undefined): Promise<ModelMessage[] | undefined> => {
    const compacted = await compactPrompt({ messages, config, reportedInputTokens, model, signal: scope.signal, logger: scope.logger });
    if (!compacted) return undefined;
    if (state) reportCompaction(state, compacted);
    return compacted.messages;
  };
}
