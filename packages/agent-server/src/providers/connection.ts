import { createGateway, type LanguageModel } from 'ai';
import type { ConfigIssue } from '../config/config-error.js';
import { checkInstalled, type ModuleResolver } from '../config/optional-package.js';
import { isPackagedProvider, loadProvider, PROVIDER_PACKAGES, type LoadedProvider, type PackagedProvider } from './provider-packages.js';
import { isProviderName, PROVIDER_NAMES, type ProviderName } from './provider-name.js';
import { isHttpUrl } from '../config/is-http-url.js';

/** A model factory for `custom` connections: a function of the model id, or an AI SDK provider object. */
export type ModelFactory = ((modelId: string) => LanguageModel) | { languageModel(modelId: string): LanguageModel };

/**
 * A named connection (`config.connections[name]`): which provider package serves an agent's
 * `model` id, and how to reach it. Plain data except `createModel`, so it can live in YAML/JSON.
 * Other settings of the provider package are passed to its factory (e.g. openai
 * `organization`/`project`, gateway `teamIdOrSlug`, anthropic `authToken`, or a `fetch` given in
 * code); a key the provider does not know is a config error.
 */
export interface ConnectionConfig {
  provider: ProviderName;
  /** API key; when absent the provider package reads its environment variable (e.g. `ANTHROPIC_API_KEY`). */
  apiKey?: string;
  /** URL prefix of the provider's API (a proxy, a self-hosted gateway, a test fake). */
  baseURL?: string;
  /** Extra headers on every provider request. */
  headers?: Record<string, string>;
  /**
   * `openai` only: `'responses'` (default, the Responses API) or `'chat'` (Chat Completions — for
   * OpenAI-compatible servers that only implement `/chat/completions`).
   */
  api?: 'responses' | 'chat';
  /** `custom` only: builds the model for an agent's model id (e.g. `(id) => myProvider(id)` or `customProvider({...})`). */
  createModel?: ModelFactory;
  [key: string]: unknown;
}

type Factory = (modelId: string) => LanguageModel;

const factories = new WeakMap<ConnectionConfig, Promise<Factory>>();

/**
 * The AI SDK language model for `modelId` over `connection`. The provider package (`@ai-sdk/anthropic`,
 * `@ai-sdk/openai`, `@ai-sdk/google`: optional peers, installed by the app that uses them) loads on
 * first use; its provider instance is created once per connection object and reused. A missing
 * package is a `ConfigError` naming it; `gateway` comes with `ai`. Rejects for a connection
 * `connectionIssues` would reject.
 */
export async function resolveModel(connection: ConnectionConfig, modelId: string): Promise<LanguageModel> {
  let factory = factories.get(connection);
  if (!factory) {
    factory = createFactory(connection);
    factories.set(connection, factory);
    // A failed load (a missing package) is not cached: the next call tries again.
    factory.catch(() => factories.delete(connection));
  }
  return (await factory)(modelId);
}

async function createFactory(connection: ConnectionConfig): Promise<Factory> {
  const { provider, createModel, api, ...rest } = connection;
  const settings = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  switch (provider) {
    case 'anthropic':
    case 'google': {
      const p = await providerOf(provider, settings);
      return (id) => p(id);
    }
    case 'openai': {
      const p = await providerOf(provider, settings);
      return api === 'chat' ? (id) => p.chat!(id) : (id) => p(id);
    }
    case 'gateway': {
      const p = createGateway(settings);
      return (id) => p(id);
    }
    case 'custom': {
      if (typeof createModel === 'function') return (id) => createModel(id);
      if (isModelProvider(createModel)) return (id) => createModel.languageModel(id);
      throw new TypeError('A custom connection needs `createModel`: a function of the model id or an AI SDK provider.');
    }
    default:
      throw new TypeError(`Unknown provider "${String(provider)}".`);
  }
}

async function providerOf(provider: PackagedProvider, settings: Record<string, unknown>): Promise<LoadedProvider> {
  const create = await loadProvider(provider, 'connections');
  return create(settings);
}

function isModelProvider(value: unknown): value is { languageModel(modelId: string): LanguageModel } {
  return typeof value === 'object' && value !== null && typeof (value as { languageModel?: unknown }).languageModel === 'function';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Every problem of one connection, with paths like `connections.main.provider` — for the startup
 * validation (a ConfigError lists them together with the rest of the config's problems).
 */
export function connectionIssues(name: string, connection: unknown, resolve?: ModuleResolver): ConfigIssue[] {
  const at = `connections.${name}`;
  if (!isPlainObject(connection)) {
    return [{ path: at, message: `must be an object with a "provider" (one of ${PROVIDER_NAMES.join(', ')})` }];
  }
  const issues: ConfigIssue[] = [];
  const { provider, apiKey, baseURL, headers, createModel } = connection;
  if (provider === undefined) {
    issues.push({ path: `${at}.provider`, message: `is required (one of ${PROVIDER_NAMES.join(', ')})` });
  } else if (!isProviderName(provider)) {
    issues.push({
      path: `${at}.provider`,
      message: `unknown provider ${JSON.stringify(provider)} (expected one of ${PROVIDER_NAMES.join(', ')})`,
    });
  }
  if (apiKey !== undefined && !(typeof apiKey === 'string' && apiKey.trim() !== '') && typeof apiKey !== 'function') {
    issues.push({ path: `${at}.apiKey`, message: 'must be a non-empty string (or leave it out to use the environment variable)' });
  }
  if (baseURL !== undefined) {
    if (typeof baseURL !== 'string' || !isHttpUrl(baseURL)) {
      issues.push({ path: `${at}.baseURL`, message: 'must be an absolute http(s) URL' });
    }
  }
  if (headers !== undefined) {
    if (!isPlainObject(headers)) {
      issues.push({ path: `${at}.headers`, message: 'must be an object of header names to string values' });
    } else {
      for (const [key, value] of Object.entries(headers)) {
        if (typeof value !== 'string') issues.push({ path: `${at}.headers.${key}`, message: 'must be a string' });
        else if (!isHeaderName(key)) issues.push({ path: `${at}.headers.${key}`, message: 'is not a valid HTTP header name' });
        else if (/[\r\n\0]/.test(value)) issues.push({ path: `${at}.headers.${key}`, message: 'must not contain line breaks' });
      }
    }
  }
  if (provider === 'custom') {
    if (createModel === undefined) {
      issues.push({ path: `${at}.createModel`, message: 'is required for a custom connection (a function of the model id, or an AI SDK provider)' });
    } else if (typeof createModel !== 'function' && !isModelProvider(createModel)) {
      issues.push({ path: `${at}.createModel`, message: 'must be a function of the model id, or an AI SDK provider with languageModel()' });
    }
  } else if (createModel !== undefined && isProviderName(provider)) {
    issues.push({ path: `${at}.createModel`, message: `is only for provider "custom" (this connection uses "${provider}")` });
  }
  if (connection.api !== undefined && provider === 'openai' && connection.api !== 'responses' && connection.api !== 'chat') {
    issues.push({ path: `${at}.api`, message: 'must be "responses" or "chat"' });
  }
  if (isProviderName(provider)) issues.push(...unknownKeyIssues(at, provider, connection));
  if (typeof provider === 'string' && isPackagedProvider(provider)) {
    const missing = checkInstalled({ pkg: PROVIDER_PACKAGES[provider], path: `${at}.provider`, feature: `provider "${provider}"` }, resolve);
    if (missing) issues.push(missing);
  }
  return issues;
}

/**
 * Settings each provider factory accepts (from the provider packages' `*ProviderSettings`), so a
 * typo such as `baseUrl` is reported instead of silently sending requests to the public API.
 */
const KNOWN_KEYS: Record<ProviderName, readonly string[]> = {
  anthropic: ['apiKey', 'authToken', 'baseURL', 'headers', 'fetch', 'generateId', 'name', 'batchResultDownloads'],
  openai: ['api', 'apiKey', 'baseURL', 'headers', 'organization', 'project', 'name', 'fetch', 'webSocket', 'batchResultDownloads'],
  google: ['apiKey', 'baseURL', 'headers', 'fetch', 'generateId', 'name', 'webSocket', 'batchResultDownloads'],
  gateway: ['apiKey', 'baseURL', 'headers', 'teamIdOrSlug', 'fetch', 'webSocket', 'metadataCacheRefreshMillis', 'batchResultDownloads'],
  custom: ['createModel'],
};

function unknownKeyIssues(at: string, provider: ProviderName, connection: Record<string, unknown>): ConfigIssue[] {
  const known = new Set(['provider', 'createModel', ...KNOWN_KEYS[provider]]);
  return Object.keys(connection)
    .filter((key) => !known.has(key))
    .map((key) => {
      const near = KNOWN_KEYS[provider].find((k) => k.toLowerCase() === key.toLowerCase().replace(/_/g, ''));
      return {
        path: `${at}.${key}`,
        message: near
          ? `unknown setting (did you mean "${near}"?)`
          : `unknown setting for provider "${provider}" (known: ${KNOWN_KEYS[provider].join(', ')})`,
      };
    });
}


function isHeaderName(value: string): boolean {
  return /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value);
}
