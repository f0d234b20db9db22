import type { LanguageModel, TranscriptionModel } from 'ai';
import { importOptional, importPackage } from '../config/optional-package.js';

/**
 * The provider packages a connection may name, each an optional peer dependency of `@x/agent-server`
 * (an app installs the ones it uses). `gateway` is not here: it comes with `ai`; `custom` brings its own.
 */
export const PROVIDER_PACKAGES = Object.freeze({
  anthropic: '@ai-sdk/anthropic',
  openai: '@ai-sdk/openai',
  google: '@ai-sdk/google',
} as const);

/** A provider that lives in a package of its own. */
export type PackagedProvider = keyof typeof PROVIDER_PACKAGES;

/** What a provider package's `create…` returns: a function of the model id (and openai's `chat` / `transcription`). */
export interface LoadedProvider {
  (modelId: string): LanguageModel;
  chat?: (modelId: string) => LanguageModel;
  transcription?: (modelId: string) => TranscriptionModel;
}

/** A provider package's factory (`createAnthropic`, `createOpenAI`, `createGoogle`): settings → provider. */
export type ProviderFactory = (settings: Record<string, unknown>) => LoadedProvider;

const FACTORY_EXPORTS: Readonly<Record<PackagedProvider, string>> = { anthropic: 'createAnthropic', openai: 'createOpenAI', google: 'createGoogle' };

/**
 * The factory of a provider package, loaded on first use by `importer` (default: Node's `import()`
 * from this package; a test passes one that fails). A package that is not installed is a
 * `ConfigError` naming it.
 */
export async function loadProvider(
  provider: PackagedProvider,
  path: string,
  importer: (specifier: string) => Promise<unknown> = importPackage,
): Promise<ProviderFactory> {
  const pkg = PROVIDER_PACKAGES[provider];
  const loaded = await importOptional({ pkg, path, feature: `provider "${provider}"` }, () => importer(pkg));
  const create = typeof loaded === 'object' && loaded !== null ? (loaded as Record<string, unknown>)[FACTORY_EXPORTS[provider]] : undefined;
  if (typeof create !== 'function') throw new TypeError(`"${pkg}" has no ${FACTORY_EXPORTS[provider]}: install a version in the range @x/agent-server names`);
  return create as ProviderFactory;
}

/** Whether `provider` lives in a package of its own (checked at startup, loaded on first use). */
export function isPackagedProvider(provider: string): provider is PackagedProvider {
  return Object.hasOwn(PROVIDER_PACKAGES, provider);
}
