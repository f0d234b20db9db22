export { PROVIDER_NAMES, isProviderName, type ProviderName } from './provider-name.js';
export { connectionIssues, resolveModel, type ConnectionConfig, type ModelFactory } from './connection.js';
export { isPackagedProvider, loadProvider, PROVIDER_PACKAGES, type PackagedProvider } from './provider-packages.js';
