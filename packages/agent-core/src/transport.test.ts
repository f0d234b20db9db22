import { describe, expect, it } from 'vitest';
import { agentEndpoint, apiBase, isNonEmptyObject } from './transport.js';

describe('transport helpers', () => {
  it('builds {api}/{agentId} with the id encoded and trailing slashes dropped', () => {
    expect(agentEndpoint(undefined, 'support')).toBe('/api/agent/support');
    expect(agentEndpoint('https://x.test/agents//', 'a b/c')).toBe('https://x.test/agents/a%20b%2Fc');
  });

  it('takes api as a path, a full URL string or a URL object', () => {
    expect(apiBase(undefined)).toBe('/api/agent');
    expect(apiBase('/custom/')).toBe('/custom');
    expect(apiBase('https://agents.example.com/api/agent')).toBe('https://agents.example.com/api/agent');
    expect(agentEndpoint(new URL('https://agents.example.com/api/agent/'), 'support')).toBe('https://agents.example.com/api/agent/support');
  });

  it('sends sharedState only for a non-empty plain object', () => {
    expect([{ a: 1 }, {}, [], [1], null, undefined, 'x', 3].map(isNonEmptyObject)).toEqual([true, false, false, false, false, false, false, false]);
  });
});
