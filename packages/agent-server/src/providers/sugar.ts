import type { JSONObject, JSONValue, SharedV4ProviderOptions } from '@ai-sdk/provider';
import type { ProviderName } from './provider-name.js';

/**
 * The agent keys each provider accepts as sugar, mapped into `providerOptions[namespace]`
 * (seed: the provider plugins' agent types).
 */
export const PROVIDER_SUGAR_KEYS: Readonly<Record<ProviderName, readonly string[]>> = Object.freeze({
  anthropic: Object.freeze(['thinking', 'effort']),
  openai: Object.freeze(['reasoningEffort', 'reasoningSummary']),
  google: Object.freeze(['thinkingConfig', 'safetySettings']),
  gateway: Object.freeze(['order', 'only', 'fallbackModels', 'user', 'tags', 'zeroDataRetention', 'providerTimeouts', 'byok']),
  custom: Object.freeze([]),
});

/** Every sugar key of every provider (to tell "sugar for another provider" from an unknown key). */
export const ALL_PROVIDER_SUGAR_KEYS: readonly string[] = Object.freeze([
  ...new Set(Object.values(PROVIDER_SUGAR_KEYS).flat()),
]);

/** The `providerOptions` namespace each provider package reads. */
export const PROVIDER_OPTIONS_NAMESPACE: Readonly<Record<ProviderName, string | undefined>> = Object.freeze({
  anthropic: 'anthropic',
  openai: 'openai',
  google: 'google',
  gateway: 'gateway',
  custom: undefined,
});

/** Sugar keys whose providerOptions name differs (`@ai-sdk/gateway` calls the fallback list `models`). */
const RENAMED: Partial<Record<ProviderName, Readonly<Record<string, string>>>> = {
  gateway: { fallbackModels: 'models' },
};

/**
 * Maps an agent's provider sugar (e.g. anthropic `thinking`) into `providerOptions[namespace]`,
 * merged over the explicit `providerOptions`: a sugar key wins over the same key in that
 * namespace, every other key and namespace is kept. Inputs are never mutated. Returns
 * `undefined` when there is neither sugar nor explicit options.
 */
export function applyProviderSugar(
  provider: ProviderName,
  agent: Record<string, unknown>,
  providerOptions?: SharedV4ProviderOptions,
): SharedV4ProviderOptions | undefined {
  const namespace = PROVIDER_OPTIONS_NAMESPACE[provider];
  const keys = PROVIDER_SUGAR_KEYS[provider] ?? [];
  const sugar: JSONObject = {};
  let any = false;
  for (const key of keys) {
    if (!Object.hasOwn(agent, key) || agent[key] === undefined) continue;
    sugar[RENAMED[provider]?.[key] ?? key] = agent[key] as JSONValue;
    any = true;
  }
  if (!any || namespace === undefined) return providerOptions ? { ...providerOptions } : undefined;
  const explicit = providerOptions && Object.hasOwn(providerOptions, namespace) ? providerOptions[namespace] : undefined;
  return { ...providerOptions, [namespace]: { ...explicit, ...sugar } };
}
