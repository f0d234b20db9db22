import type { AgentCallSettings, AgentConfig } from './types.js';

/**
 * The one list of an agent's config keys (`config.agents[id]`). The validator's known keys, the call
 * settings copied onto the `ToolLoopAgent` are taken from here, and the
 * type checks below fail the build when `AgentConfig` gains or loses a key this list does not.
 */

/** AI SDK call settings an agent may set (copied as they are onto the agent's model calls). */
export const CALL_SETTING_KEYS = [
  'temperature',
  'topP',
  'topK',
  'maxOutputTokens',
  'presencePenalty',
  'frequencyPenalty',
  'stopSequences',
  'seed',
  'maxRetries',
  'headers',
] as const satisfies readonly (keyof AgentCallSettings)[];

/** The agent's own keys (not call settings). */
export const AGENT_OWN_KEYS = [
  'model',
  'connection',
  'instructions',
  'tools',
  'mcp',
  'agents',
  'fileSystem',
  'maxSteps',
  'stopOnToolCall',
  'toolChoice',
  'activeTools',
  'prepareStep',
  'prune',
  'maxContextMessages',
  'pageContext',
  'generateTitle',
  'returns',
  'compaction',
  'hooks',
  'providerOptions',
  'access',
  'a2a',
] as const satisfies readonly (keyof AgentConfig)[];

/** Every key an agent config may have. */
export const AGENT_KEYS: readonly (keyof AgentConfig)[] = [...AGENT_OWN_KEYS, ...CALL_SETTING_KEYS];

type Listed = (typeof AGENT_OWN_KEYS)[number] | (typeof CALL_SETTING_KEYS)[number];
/** Names the `AgentConfig` keys missing from the lists (a compile error instead of a silent gap). */
type Unlisted<Keys extends PropertyKey, Known extends PropertyKey> = [Exclude<Keys, Known>] extends [never] ? true : Exclude<Keys, Known>;
const everyAgentKeyListed: Unlisted<keyof AgentConfig, Listed> = true;
const everyCallSettingListed: Unlisted<keyof AgentCallSettings, (typeof CALL_SETTING_KEYS)[number]> = true;
void [everyAgentKeyListed, everyCallSettingListed];
