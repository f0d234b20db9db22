import { describe, expect, it } from 'vitest';
import { ALL_PROVIDER_SUGAR_KEYS, applyProviderSugar, PROVIDER_SUGAR_KEYS } from './index.js';

describe('applyProviderSugar', () => {
  it('maps each provider sugar key into its namespace', () => {
    expect(applyProviderSugar('anthropic', { thinking: { type: 'adaptive' }, effort: 'low', temperature: 1 })).toEqual({
      anthropic: { thinking: { type: 'adaptive' }, effort: 'low' },
    });
    expect(applyProviderSugar('openai', { reasoningEffort: 'high', reasoningSummary: 'detailed' })).toEqual({
      openai: { reasoningEffort: 'high', reasoningSummary: 'detailed' },
    });
    expect(applyProviderSugar('google', { thinkingConfig: { thinkingBudget: 0 }, safetySettings: [] })).toEqual({
      google: { thinkingConfig: { thinkingBudget: 0 }, safetySettings: [] },
    });
    expect(applyProviderSugar('gateway', { fallbackModels: ['a/b'], zeroDataRetention: false })).toEqual({
      gateway: { models: ['a/b'], zeroDataRetention: false },
    });
  });

  it('merges over explicit providerOptions: sugar wins on a clash, other keys and namespaces kept, inputs untouched', () => {
    const explicit = { openai: { reasoningEffort: 'low', store: false }, anthropic: { sendReasoning: false } };
    const before = structuredClone(explicit);
    const merged = applyProviderSugar('openai', { reasoningEffort: 'high' }, explicit);
    expect(merged).toEqual({ openai: { reasoningEffort: 'high', store: false }, anthropic: { sendReasoning: false } });
    expect(explicit).toEqual(before);
    expect(merged).not.toBe(explicit);
  });

  it('ignores sugar of other providers and undefined values', () => {
    expect(applyProviderSugar('openai', { thinking: { type: 'enabled' }, effort: 'high', reasoningEffort: undefined })).toBeUndefined();
    expect(applyProviderSugar('custom', { thinking: { type: 'enabled' } }, { custom: { a: 1 } })).toEqual({ custom: { a: 1 } });
  });

  it('returns undefined with neither sugar nor explicit options, and a copy of the explicit ones without sugar', () => {
    expect(applyProviderSugar('google', {})).toBeUndefined();
    const explicit = { google: { structuredOutputs: false } };
    expect(applyProviderSugar('google', {}, explicit)).toEqual(explicit);
  });

  it('reads only own keys (an inherited or __proto__ key is not sugar) and writes no prototype', () => {
    const agent = JSON.parse('{"__proto__": {"effort": "max"}, "thinking": {"type": "disabled"}}') as Record<string, unknown>;
    const inherited = Object.create({ effort: 'max' }) as Record<string, unknown>;
    expect(applyProviderSugar('anthropic', agent)).toEqual({ anthropic: { thinking: { type: 'disabled' } } });
    expect(applyProviderSugar('anthropic', inherited)).toBeUndefined();
    const explicit = JSON.parse('{"__proto__": {"polluted": true}, "anthropic": {"a": 1}}') as Record<string, never>;
    const merged = applyProviderSugar('anthropic', { effort: 'low' }, explicit);
    expect(merged?.anthropic).toEqual({ a: 1, effort: 'low' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('lists the seed sugar keys per provider', () => {
    expect(PROVIDER_SUGAR_KEYS.anthropic).toEqual(['thinking', 'effort']);
    expect(PROVIDER_SUGAR_KEYS.gateway).toContain('fallbackModels');
    expect(ALL_PROVIDER_SUGAR_KEYS).toHaveLength(14);
  });
});
