import { describe, expect, it } from 'vitest';
import { createAgentServer } from '../../server.js';
import { ConfigError } from '../../config/config-error.js';
import type { AgentServerConfig } from '../../config/types.js';
import { mockModel, textParts } from '../../test-utils/mock-model.js';

const silent = { warn: () => {}, error: () => {} };

function issuesOf(config: AgentServerConfig) {
  try {
    createAgentServer({ logger: silent, ...config });
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  return [];
}

describe('remoteAgents in the config', () => {
  it('a remote agent is named in `agents` like a local one', () => {
    expect(issuesOf({ agents: { boss: { model: mockModel(textParts('x')), agents: ['billing'] } }, remoteAgents: { billing: { card: 'https://billing.example' } } })).toEqual([]);
  });

  it('lists every problem with its path', () => {
    const issues = issuesOf({
      agents: {
        boss: { model: mockModel(textParts('x')), agents: ['billing', { agent: 'ledger', inputSchema: { type: 'object' } }, 'nobody'] },
        billing: { model: mockModel(textParts('x')) },
      },
      remoteAgents: {
        billing: { card: 'https://billing.example' },
        ledger: { card: 'ftp://ledger', timeoutMs: -1, headers: { authorization: 7 as unknown as string }, allowHosts: 'x' as unknown as string[], extra: true } as never,
        empty: {} as never,
      },
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'remoteAgents.billing', message: expect.stringContaining('is also a local agent') },
        { path: 'remoteAgents.ledger.card', message: expect.stringContaining('http(s) URL') },
        { path: 'remoteAgents.ledger.timeoutMs', message: 'must be a positive integer' },
        { path: 'remoteAgents.ledger.headers.authorization', message: 'must be a string' },
        { path: 'remoteAgents.ledger.allowHosts', message: 'must be a list of host names' },
        { path: 'remoteAgents.ledger.extra', message: expect.stringContaining('unknown key') },
        { path: 'remoteAgents.empty.card', message: expect.stringContaining('is required') },
        { path: 'agents.boss.agents[1].inputSchema', message: expect.stringContaining('a remote agent takes { task }') },
        { path: 'agents.boss.agents[2]', message: 'unknown sub-agent "nobody"' },
      ]),
    );
  });
});
