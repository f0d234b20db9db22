export { PROVIDER_NAMES, isProviderName, type ProviderName } from './provider-name.js';
export { connectionIssues, resolveModel, type ConnectionConfig, type ModelFactory } from './connection.js';
export { ALL_PROVIDER_SUGAR_KEYS, PROVIDER_OPTIONS_NAMESPACE, PROVIDER_SUGAR_KEYS, applyProviderSugar } from './sugar.js';
