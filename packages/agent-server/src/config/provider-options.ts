import type { JSONObject, JSONValue } from '@ai-sdk/provider';
import { isObject, show, type IssueList } from './config-checks.js';

/**
 * An agent's provider settings (`agents[id].providerOptions`), grouped by the provider that reads
 * them: the AI SDK's own `providerOptions` shape, passed to every model call of the agent as it is.
 * The options most agents set are typed per provider; any other option of a provider package (or the
 * namespace of a `custom` provider) passes through as JSON. With the AI Gateway, the `anthropic` /
 * `openai` / `google` namespaces reach the provider the gateway routes to.
 */
export interface AgentProviderOptions {
  /** `@ai-sdk/anthropic` options. */
  anthropic?: {
    /** Extended thinking: `{ type: 'enabled', budgetTokens }`, `{ type: 'adaptive' }` or `{ type: 'disabled' }`. */
    thinking?: { type: 'enabled'; budgetTokens?: number } | { type: 'adaptive' } | { type: 'disabled' };
    /** How much effort the model spends on an answer. */
    effort?: 'low' | 'medium' | 'high' | 'xhigh' | 'max';
    /** Send earlier reasoning back to the model (default true). */
    sendReasoning?: boolean;
    /** Any other `@ai-sdk/anthropic` option. */
    [option: string]: JSONValue | undefined;
  };
  /** `@ai-sdk/openai` options. */
  openai?: {
    /** Reasoning effort of reasoning models. */
    reasoningEffort?: 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';
    /** Ask for a reasoning summary (Responses API). */
    reasoningSummary?: 'auto' | 'concise' | 'detailed';
    /** Any other `@ai-sdk/openai` option. */
    [option: string]: JSONValue | undefined;
  };
  /** `@ai-sdk/google` options. */
  google?: {
    /** Thinking budget (tokens; `0` off, `-1` dynamic), level, and whether thoughts are returned. */
    thinkingConfig?: { thinkingBudget?: number; includeThoughts?: boolean; thinkingLevel?: 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' };
    /** Safety filters: a threshold per harm category. */
    safetySettings?: { category: string; threshold: string }[];
    /** Any other `@ai-sdk/google` option. */
    [option: string]: JSONValue | undefined;
  };
  /** AI Gateway routing (a bare model id string, or a `gateway` connection). */
  gateway?: {
    /** Provider slugs in the order to try. */
    order?: string[];
    /** The only provider slugs allowed. */
    only?: string[];
    /** Fallback models, tried in order. */
    models?: string[];
    /** End-user id for spend tracking. */
    user?: string;
    /** Tags for usage reports. */
    tags?: string[];
    /** Only providers with zero data retention. */
    zeroDataRetention?: boolean;
    /** Per-provider timeouts of BYOK credentials, in ms. */
    providerTimeouts?: { byok?: Record<string, number> };
    /** Request-scoped BYOK credentials per provider. */
    byok?: Record<string, Record<string, JSONValue>[]>;
    /** Any other gateway option. */
    [option: string]: JSONValue | undefined;
  };
  /** Another provider's namespace (e.g. a `custom` connection's provider), passed as it is. */
  [provider: string]: JSONObject | undefined;
}

/** The namespaces typed above: each read by the provider of the same name. */
export const PROVIDER_OPTION_NAMESPACES = ['anthropic', 'openai', 'google', 'gateway'] as const;

/**
 * The provider keys an agent once had at its top level, and where each lives now: a config that still
 * sets one gets an error that says where it moved (0.x: no aliases).
 */
export const MOVED_PROVIDER_KEYS: Readonly<Record<string, string>> = Object.freeze({
  thinking: 'anthropic.thinking',
  effort: 'anthropic.effort',
  reasoningEffort: 'openai.reasoningEffort',
  reasoningSummary: 'openai.reasoningSummary',
  thinkingConfig: 'google.thinkingConfig',
  safetySettings: 'google.safetySettings',
  order: 'gateway.order',
  only: 'gateway.only',
  fallbackModels: 'gateway.models',
  user: 'gateway.user',
  tags: 'gateway.tags',
  zeroDataRetention: 'gateway.zeroDataRetention',
  providerTimeouts: 'gateway.providerTimeouts',
  byok: 'gateway.byok',
});

type Check = (list: IssueList, path: string, value: unknown) => void;

const oneOf =
  (...allowed: string[]): Check =>
  (list, path, value) => {
    if (typeof value !== 'string' || !allowed.includes(value)) list.add(path, `must be one of ${allowed.map((a) => `"${a}"`).join(', ')}, got ${show(value)}`);
  };
const isStrings = (value: unknown): boolean => Array.isArray(value) && value.every((v) => typeof v === 'string');
const strings: Check = (list, path, value) => {
  if (!isStrings(value)) list.add(path, 'must be a list of strings');
};
const string: Check = (list, path, value) => {
  if (typeof value !== 'string') list.add(path, 'must be a string');
};
const boolean: Check = (list, path, value) => {
  if (typeof value !== 'boolean') list.add(path, 'must be true or false');
};
const object: Check = (list, path, value) => {
  if (!isObject(value)) list.add(path, 'must be an object');
};

const thinking: Check = (list, path, value) => {
  if (!isObject(value) || !['enabled', 'adaptive', 'disabled'].includes(value.type as string)) {
    list.add(path, `must be { type: "enabled", budgetTokens? }, { type: "adaptive" } or { type: "disabled" }, got ${show(value)}`);
    return;
  }
  if (value.budgetTokens !== undefined && !(Number.isInteger(value.budgetTokens) && (value.budgetTokens as number) > 0)) {
    list.add(`${path}.budgetTokens`, 'must be a positive integer');
  }
};
const thinkingConfig: Check = (list, path, value) => {
  if (!isObject(value)) return list.add(path, 'must be { thinkingBudget?, includeThoughts?, thinkingLevel? }');
  if (value.thinkingBudget !== undefined && !(Number.isInteger(value.thinkingBudget) && (value.thinkingBudget as number) >= -1)) {
    list.add(`${path}.thinkingBudget`, 'must be a whole number of tokens (0 turns thinking off, -1 is dynamic)');
  }
  if (value.includeThoughts !== undefined) boolean(list, `${path}.includeThoughts`, value.includeThoughts);
  if (value.thinkingLevel !== undefined) oneOf('minimal', 'low', 'medium', 'high', 'xhigh')(list, `${path}.thinkingLevel`, value.thinkingLevel);
};
const safetySettings: Check = (list, path, value) => {
  if (!Array.isArray(value)) return list.add(path, 'must be a list of { category, threshold }');
  value.forEach((entry, i) => {
    if (!isObject(entry) || typeof entry.category !== 'string' || typeof entry.threshold !== 'string') list.add(`${path}[${i}]`, 'must be { category, threshold } (strings)');
  });
};

/** The typed options of each namespace, checked by shape (the rest passes through to the provider). */
const CHECKS: Readonly<Record<(typeof PROVIDER_OPTION_NAMESPACES)[number], Readonly<Record<string, Check>>>> = {
  anthropic: { thinking, effort: oneOf('low', 'medium', 'high', 'xhigh', 'max'), sendReasoning: boolean },
  openai: { reasoningEffort: oneOf('none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'), reasoningSummary: oneOf('auto', 'concise', 'detailed') },
  google: { thinkingConfig, safetySettings },
  gateway: { order: strings, only: strings, models: strings, user: string, tags: strings, zeroDataRetention: boolean, providerTimeouts: object, byok: object },
};

/** Checks `{at}.providerOptions`: an object of namespaces, each an object; the typed options by shape. */
export function checkProviderOptions(list: IssueList, at: string, value: unknown): void {
  const path = `${at}.providerOptions`;
  if (value === undefined) return;
  if (!isObject(value)) return list.add(path, `must be an object keyed by provider (${PROVIDER_OPTION_NAMESPACES.join(', ')}, or a custom provider's name)`);
  for (const [namespace, options] of Object.entries(value)) {
    if (!isObject(options)) {
      list.add(`${path}.${namespace}`, `must be an object of ${namespace} options`);
      continue;
    }
    const checks = Object.hasOwn(CHECKS, namespace) ? CHECKS[namespace as keyof typeof CHECKS] : {};
    for (const [key, option] of Object.entries(options)) {
      if (option !== undefined && Object.hasOwn(checks, key)) checks[key]!(list, `${path}.${namespace}.${key}`, option);
    }
  }
}

/** The provider key moved into `providerOptions` that an agent still sets at its top level, as issues. */
export function checkMovedProviderKeys(list: IssueList, at: string, agent: Record<string, unknown>): void {
  for (const key of Object.keys(agent)) {
    if (Object.hasOwn(MOVED_PROVIDER_KEYS, key)) list.add(`${at}.${key}`, `is a provider option: set providerOptions.${MOVED_PROVIDER_KEYS[key]} instead`);
  }
}
