import { describe, expect, it } from 'vitest';
import { agentEndpoint, isNonEmptyObject } from './transport.js';

describe('transport helpers', () => {
  it('builds {api}/{agentId} with the id encoded and trailing slashes dropped', () => {
    expect(agentEndpoint(undefined, 'support')).toBe('/api/agent/support');
    expect(agentEndpoint('https://x.test/agents//', 'a b/c')).toBe('https://x.test/agents/a%20b%2Fc');
  });

  it('sends sharedState only for a non-empty plain object', () => {
    expect([{ a: 1 }, {}, [], [1], null, undefined, 'x', 3].map(isNonEmptyObject)).toEqual([true, false, false, false, false, false, false, false]);
  });
});
