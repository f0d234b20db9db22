import { describe, expect, it } from 'vitest';
import { AGENT_KEYS, CALL_SETTING_KEYS } from './agent-keys.js';
import { validateConfig } from './validate-config.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';

describe('agent keys: one list', () => {
  it('has no provider option at the top level: they are grouped under providerOptions', () => {
    expect(AGENT_KEYS).toContain('providerOptions');
    for (const key of ['thinking', 'effort', 'reasoningEffort', 'thinkingConfig', 'order', 'fallbackModels', 'byok']) expect(AGENT_KEYS).not.toContain(key);
  });

  it('has no duplicate', () => {
    expect(new Set(AGENT_KEYS).size).toBe(AGENT_KEYS.length);
  });

  it('is what the validator accepts: every listed key passes the known-key check, another does not', () => {
    const logger = { warn: () => {}, error: () => {} };
    const model = mockModel(textParts('hi'));
    for (const key of [...CALL_SETTING_KEYS, 'instructions', 'maxSteps'] as const) {
      let error: unknown;
      try {
        validateConfig({ agents: { a: { model, [key]: undefined } } }, logger);
      } catch (e) {
        error = e;
      }
      expect(error).toBeUndefined();
    }
    expect(() => validateConfig({ agents: { a: { model, maxStep: 3 } as never } }, logger)).toThrow(/agents\.a\.maxStep: unknown key/);
  });
});
