import { afterEach, describe, expect, it } from 'vitest';
import { startA2aTestAgent } from '../test-utils/a2a-test-agent.js';
import { callRemoteTool } from '../../test-utils/remote-tool-harness.js';
import type { RemoteAgentRuntime } from './remote-agent-tool.js';
import type { RemoteAgentConfig } from './remote-agent-types.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** Runs the remote agent's tool once; resolves the last output or rejects with the tool error. */
const call = (remote: RemoteAgentConfig, runtime: RemoteAgentRuntime) => callRemoteTool(remote, { runtime });

describe('remote agents behind the HTTP tools’ SSRF guard (injected DNS answers, as the HTTP tools’ tests)', () => {
  it('a card host name that resolves to a private address is refused, without connecting', async () => {
    const lookups: string[] = [];
    const resolve = async (host: string) => (lookups.push(host), [{ address: '10.0.0.7', family: 4 as const }]);
    await expect(call({ card: 'http://billing.example/' }, { resolve })).rejects.toThrow(
      /^The billing agent is unreachable \(reading its card at http:\/\/billing\.example\/\.well-known\/agent-card\.json\): Refused .*10\.0\.0\.7.*private/,
    );
    expect(new Set(lookups)).toEqual(new Set(['billing.example']));
  });

  it('an interface host name that resolves to cloud metadata is refused even with allowPrivate', async () => {
    const agent = await startA2aTestAgent();
    closers.push(agent.close);
    const card = await (await fetch(`${agent.base}/.well-known/agent-card.json`)).json();
    const inline = { ...card, supportedInterfaces: [{ url: 'http://ledger.internal/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' }] };
    const resolve = async () => [{ address: '169.254.169.254', family: 4 as const }];
    await expect(call({ card: inline, allowPrivate: true }, { resolve })).rejects.toThrow(/^The billing agent's interface URL http:\/\/ledger\.internal\/a2a is refused: .*metadata/);
    expect(agent.log.methods).toEqual([]);
  });

  it('an allowed host name is pinned to the address the guard checked (the inline card, the real agent on loopback)', async () => {
    const agent = await startA2aTestAgent();
    closers.push(agent.close);
    const card = await (await fetch(`${agent.base}/.well-known/agent-card.json`)).json();
    const port = new URL(agent.base).port;
    const inline = { ...card, supportedInterfaces: [{ url: `http://billing.internal:${port}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' }] };
    const resolve = async () => [{ address: '127.0.0.1', family: 4 as const }];
    const { last, description } = await call({ card: inline, allowHosts: ['billing.internal'] }, { resolve });
    expect(last).toMatchObject({ state: 'completed', text: 'Invoice 42 is paid.' });
    expect(description).toContain('Billing (a remote agent): Answers questions about invoices and payments.');
    expect(agent.log.headers.at(-1)?.host).toBe(`billing.internal:${port}`);
  });
});
