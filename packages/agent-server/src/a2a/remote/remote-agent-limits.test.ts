import { afterEach, describe, expect, it } from 'vitest';
import { startHttpTestServer } from '../../test-utils/http-test-server.js';
import { callRemoteTool } from '../../test-utils/remote-tool-harness.js';
import { a2aTestAgentCard, startA2aTestAgent } from '../test-utils/a2a-test-agent.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function billingAgent() {
  const agent = await startA2aTestAgent();
  closers.push(agent.close);
  return agent;
}

describe('a remote agent’s limits', () => {
  it('a question nobody answers within answerTimeoutMs: a tool error, and the remote task is cancelled', async () => {
    const agent = await billingAgent();
    await expect(callRemoteTool({ card: agent.base, allowPrivate: true, answerTimeoutMs: 100 }, { task: 'ask me' })).rejects.toThrow(
      "Nobody answered the billing agent's question within 100 ms; its task was cancelled.",
    );
    await expect.poll(() => agent.log.methods).toEqual(['SendStreamingMessage', 'CancelTask']);
    expect(agent.log.cancelled).toHaveLength(1);
  });

  it('a question of a remote agent called by a local sub-agent: a tool error (only the chat’s agent asks the user), the task cancelled', async () => {
    const agent = await billingAgent();
    await expect(callRemoteTool({ card: agent.base, allowPrivate: true }, { task: 'ask me', place: { agentId: 'helper', depth: 1 } })).rejects.toThrow(
      /only the chat's own agent can pass a question to the person/,
    );
    await expect.poll(() => agent.log.cancelled).toHaveLength(1);
  });

  it('a task that runs past timeoutMs: a tool error naming the limit, and the remote task is cancelled', async () => {
    const agent = await billingAgent();
    await expect(callRemoteTool({ card: agent.base, allowPrivate: true, timeoutMs: 300 }, { task: 'a slow search' })).rejects.toThrow(
      'The billing agent did not finish within 300 ms; its task was cancelled.',
    );
    await expect.poll(() => agent.log.methods).toEqual(['SendStreamingMessage', 'CancelTask']);
    await expect.poll(() => agent.log.cancelled).toHaveLength(1);
  });

  it('a reply past maxResponseBytes: a tool error naming the limit', async () => {
    const big = await startHttpTestServer({
      '/.well-known/agent-card.json': (_req, res, base) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(a2aTestAgentCard(base))),
      '/a2a': (_req, res) => res.writeHead(200, { 'content-type': 'text/event-stream' }).end(`data: ${'x'.repeat(20_000)}\n\n`),
    });
    closers.push(big.close);
    await expect(callRemoteTool({ card: big.base, allowPrivate: true, maxResponseBytes: 10_000 })).rejects.toThrow(/larger than 10000 bytes/);
  });

  it('the card is read once per server for its TTL (the tool description and the call share it)', async () => {
    const agent = await billingAgent();
    const { scope } = await callRemoteTool({ card: agent.base, allowPrivate: true });
    await callRemoteTool({ card: agent.base, allowPrivate: true }, { scope });
    const cardReads = agent.log.headers.filter((h) => h.accept === 'application/json' && !h['a2a-version']);
    expect(agent.log.methods).toEqual(['SendStreamingMessage', 'SendStreamingMessage']);
    expect(cardReads.length).toBe(1);
  });
});
