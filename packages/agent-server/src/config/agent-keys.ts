import type { AgentCallSettings, AgentConfig, AgentProviderSugar } from './types.js';

/**
 * The one list of an agent's config keys (`config.agents[id]`). The validator's known keys, the call
 * settings copied onto the `ToolLoopAgent` and the provider sugar are all taken from here, and the
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

/** Provider sugar keys (each provider's subset is in `providers/sugar.ts`; a test ties the two). */
export const PROVIDER_SUGAR_AGENT_KEYS = [
  'thinking',
  'effort',
  'reasoningEffort',
  'reasoningSummary',
  'thinkingConfig',
  'safetySettings',
  'order',
  'only',
  'fallbackModels',
  'user',
  'tags',
  'zeroDataRetention',
  'providerTimeouts',
  'byok',
] as const satisfies readonly (keyof AgentProviderSugar)[];

/** The agent's own keys (neither call settings nor provider sugar). */
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
] as const satisfies readonly (keyof AgentConfig)[];

/** Every key an agent config may have. */
export const AGENT_KEYS: readonly (keyof AgentConfig)[] = [...AGENT_OWN_KEYS, ...CALL_SETTING_KEYS, ...PROVIDER_SUGAR_AGENT_KEYS];

type Listed = (typeof AGENT_OWN_KEYS)[number] | (typeof CALL_SETTING_KEYS)[number] | (typeof PROVIDER_SUGAR_AGENT_KEYS)[number];
/** Names the `AgentConfig` keys missing from the lists (a compile error instead of a silent gap). */
type Unlisted<Keys extends PropertyKey, Known extends PropertyKey> = [Exclude<Keys, Known>] extends [never] ? true : Exclude<Keys, Known>;
const everyAgentKeyListed: Unlisted<keyof AgentConfig, Listed> = true;
const everyCallSettingListed: Unlisted<keyof AgentCallSettings, (typeof CALL_SETTING_KEYS)[number]> = true;
const everySugarKeyListed: Unlisted<keyof AgentProviderSugar, (typeof PROVIDER_SUGAR_AGENT_KEYS)[number]> = true;
void [everyAgentKeyListed, everyCallSettingListed, everySugarKeyListed];
