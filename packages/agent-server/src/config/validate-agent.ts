import { HOOK_NAMES, type HookName } from './hook-types.js';
import { checkKnownKeys, isObject, isPositiveInt, show, type IssueList } from './config-checks.js';
import { checkPrepareStep, checkPrune, checkToolChoice } from './validate-step-options.js';
import { checkCompaction, checkReturns } from './validate-generate-options.js';
import { checkAgentTools, type ToolRefContext } from './validate-agent-tools.js';
import { AGENT_KEYS } from './agent-keys.js';
import { checkMovedProviderKeys, checkProviderOptions, MOVED_PROVIDER_KEYS } from './provider-options.js';

/** The names the rest of the config offers an agent. */
export interface AgentCheckContext extends ToolRefContext {
  connectionNames: ReadonlySet<string>;
  hookNames: ReadonlySet<string>;
}

const NUMBER_SETTINGS = ['temperature', 'topP', 'topK', 'presencePenalty', 'frequencyPenalty', 'seed'] as const;

/** Checks one agent (`agents.{id}`); returns the ids of its sub-agents. */
export function checkAgent(list: IssueList, id: string, agent: unknown, ctx: AgentCheckContext): string[] {
  const at = `agents.${id}`;
  if (!isObject(agent)) {
    list.add(at, 'must be an object with a model');
    return [];
  }
  checkMovedProviderKeys(list, at, agent);
  checkKnownKeys(list, at, Object.fromEntries(Object.entries(agent).filter(([key]) => !Object.hasOwn(MOVED_PROVIDER_KEYS, key))), AGENT_KEYS);
  checkModel(list, at, agent.model, agent.connection, ctx);
  if (agent.instructions !== undefined && typeof agent.instructions !== 'string') list.add(`${at}.instructions`, 'must be a string');
  const subAgents = checkAgentTools(list, at, agent, ctx);

  if (agent.maxSteps !== undefined && !isPositiveInt(agent.maxSteps)) list.add(`${at}.maxSteps`, 'must be a positive integer');
  if (agent.maxContextMessages !== undefined && !isPositiveInt(agent.maxContextMessages)) list.add(`${at}.maxContextMessages`, 'must be a positive integer');
  if (agent.stopOnToolCall !== undefined && !isNameOrNames(agent.stopOnToolCall)) list.add(`${at}.stopOnToolCall`, 'must be a tool name or a list of tool names');
  if (agent.activeTools !== undefined && !isNames(agent.activeTools)) list.add(`${at}.activeTools`, 'must be a list of tool names');
  if (agent.toolChoice !== undefined) checkToolChoice(list, `${at}.toolChoice`, agent.toolChoice);
  if (agent.prepareStep !== undefined) checkPrepareStep(list, at, agent.prepareStep);
  if (agent.prune !== undefined) checkPrune(list, at, agent.prune);
  if (agent.pageContext !== undefined && typeof agent.pageContext !== 'boolean') list.add(`${at}.pageContext`, 'must be true or false');
  checkTitle(list, at, agent.generateTitle, ctx);
  checkReturns(list, at, agent.returns);
  checkCompaction(list, at, agent.compaction);
  checkHooks(list, at, agent.hooks, ctx);
  checkProviderOptions(list, at, agent.providerOptions);
  if (agent.access !== undefined && typeof agent.access !== 'function') list.add(`${at}.access`, 'must be a function (user) => boolean');
  for (const key of NUMBER_SETTINGS) {
    if (agent[key] !== undefined && !(typeof agent[key] === 'number' && Number.isFinite(agent[key]))) list.add(`${at}.${key}`, 'must be a number');
  }
  if (agent.maxOutputTokens !== undefined && !isPositiveInt(agent.maxOutputTokens)) list.add(`${at}.maxOutputTokens`, 'must be a positive integer');
  if (agent.maxRetries !== undefined && !(Number.isInteger(agent.maxRetries) && (agent.maxRetries as number) >= 0)) list.add(`${at}.maxRetries`, 'must be an integer ≥ 0');
  if (agent.stopSequences !== undefined && !isNames(agent.stopSequences)) list.add(`${at}.stopSequences`, 'must be a list of strings');
  if (agent.headers !== undefined && !(isObject(agent.headers) && Object.values(agent.headers).every((v) => typeof v === 'string'))) {
    list.add(`${at}.headers`, 'must be an object of strings');
  }
  return subAgents;
}

function checkModel(list: IssueList, at: string, model: unknown, connection: unknown, ctx: AgentCheckContext): void {
  if (model === undefined || model === null) list.add(`${at}.model`, 'is required (an AI SDK model, or a model id with a connection)');
  else if (typeof model === 'string') {
    if (model.trim() === '') list.add(`${at}.model`, 'must not be empty');
  } else if (!isObject(model) || typeof (model as { doStream?: unknown }).doStream !== 'function') {
    list.add(`${at}.model`, `must be an AI SDK language model or a model id string, got ${show(model)}`);
  }
  if (connection === undefined) return;
  if (typeof connection !== 'string') list.add(`${at}.connection`, 'must be the name of a connection');
  else if (!ctx.connectionNames.has(connection)) list.add(`${at}.connection`, `unknown connection "${connection}"`);
  else if (model !== undefined && typeof model !== 'string') list.add(`${at}.connection`, 'a connection serves a model id string; this agent has a model object');
}

function checkTitle(list: IssueList, at: string, title: unknown, ctx: AgentCheckContext): void {
  if (title === undefined || typeof title === 'boolean') return;
  if (!isObject(title)) return list.add(`${at}.generateTitle`, 'must be true, false or { model?, connection?, instructions? }');
  checkKnownKeys(list, `${at}.generateTitle`, title, ['model', 'connection', 'instructions']);
  if (title.model !== undefined) checkModel(list, `${at}.generateTitle`, title.model, title.connection, ctx);
  else if (title.connection !== undefined) list.add(`${at}.generateTitle.connection`, 'needs a model id');
  if (title.instructions !== undefined && typeof title.instructions !== 'string') list.add(`${at}.generateTitle.instructions`, 'must be a string');
}

function checkHooks(list: IssueList, at: string, hooks: unknown, ctx: AgentCheckContext): void {
  if (hooks === undefined) return;
  if (!isObject(hooks)) return list.add(`${at}.hooks`, `must be an object of hook slots (${HOOK_NAMES.join(', ')})`);
  for (const [slot, names] of Object.entries(hooks)) {
    const path = `${at}.hooks.${slot}`;
    if (!HOOK_NAMES.includes(slot as HookName)) {
      list.add(path, `unknown hook slot (expected one of ${HOOK_NAMES.join(', ')})`);
      continue;
    }
    if (!isNames(names)) {
      list.add(path, 'must be a list of hook names');
      continue;
    }
    names.forEach((name, i) => {
      if (!ctx.hookNames.has(name)) list.add(`${path}[${i}]`, `unknown hook "${name}"`);
    });
  }
}

function isNames(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function isNameOrNames(value: unknown): boolean {
  return typeof value === 'string' || (isNames(value) && value.length > 0);
}
