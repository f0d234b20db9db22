/** The providers a connection can name. `custom` takes any AI SDK provider or model factory. */
export type ProviderName = 'anthropic' | 'openai' | 'google' | 'gateway' | 'custom';

/** Every provider name, in documentation order. */
export const PROVIDER_NAMES: readonly ProviderName[] = Object.freeze(['anthropic', 'openai', 'google', 'gateway', 'custom']);

/** Whether a value is one of the provider names. */
export function isProviderName(value: unknown): value is ProviderName {
  return typeof value === 'string' && (PROVIDER_NAMES as readonly string[]).includes(value);
}
