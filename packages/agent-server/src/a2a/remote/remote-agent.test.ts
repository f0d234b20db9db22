import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UIMessageChunk } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { isRemoteAgentProgress, type RemoteAgentProgress } from '@x/agent-protocol/remote-agents';
import { createAgentServer } from '../../server.js';
import type { AgentServerConfig } from '../../config/types.js';
import { fileSystemBlobStore } from '../../files/fs-blob-store.js';
import { mockModel, textParts } from '../../test-utils/mock-model.js';
import { chunksOf, toolCallParts } from '../../test-utils/model-parts.js';
import { chatRequest, readChunks, sseEvents, textOf, userMessage } from '../../test-utils/sse.js';
import { startHttpTestServer } from '../../test-utils/http-test-server.js';
import { a2aTestAgentCard, startA2aTestAgent, type A2aTestAgentOptions } from '../test-utils/a2a-test-agent.js';
import type { RemoteAgentConfig } from './remote-agent-types.js';

const silent = { warn: () => {}, error: () => {} };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function billingAgent(options: A2aTestAgentOptions = {}) {
  const agent = await startA2aTestAgent(options);
  closers.push(agent.close);
  return agent;
}

/** A server whose `boss` agent calls `billing` (a remote agent) with `task`, then answers "Done.". */
function serverFor(remote: RemoteAgentConfig, task: string, extra: Partial<AgentServerConfig> = {}) {
  const model = mockModel(toolCallParts({ toolName: 'billing', input: { task } }), textParts('Done.'));
  const server = createAgentServer({ agents: { boss: { model, agents: ['billing'] } }, remoteAgents: { billing: remote }, logger: silent, ...extra });
  return { server, model };
}

const ask = (text: string) => chatRequest({ messages: [userMessage(text)] }, { path: '/api/agent/boss' });

function outputs(chunks: UIMessageChunk[]): RemoteAgentProgress[] {
  return chunksOf(chunks, 'tool-output-available')
    .map((c) => c.output)
    .filter(isRemoteAgentProgress);
}

function finalOutput(chunks: UIMessageChunk[]) {
  return chunksOf(chunks, 'tool-output-available').find((c) => c.preliminary !== true)?.output;
}

/** The tool call's error text, without the error class the stream names it with. */
function toolError(chunks: UIMessageChunk[]): string | undefined {
  return chunksOf(chunks, 'tool-output-error')[0]?.errorText.replace(/^RemoteAgentError: /, '');
}

/** The turn ended normally: the model answered after the tool's error or result, and the stream finished. */
function expectTurnIntact(chunks: UIMessageChunk[]) {
  expect(textOf(chunks)).toBe('Done.');
  expect(chunks.at(-1)?.type).toBe('finish');
  expect(chunks.some((c) => c.type === 'error')).toBe(false);
}

describe('remote A2A agents as sub-agent tools', () => {
  it('streams the task: status updates and text as preliminary outputs, the artifact as the result; the card describes the tool', async () => {
    const agent = await billingAgent();
    const { server, model } = serverFor({ card: agent.base, allowPrivate: true }, 'Is invoice 42 paid?');
    const chunks = await readChunks(await server.fetch(ask('invoice 42?')));

    const tools = model.doStreamCalls[0]!.tools as { name: string; description?: string }[];
    expect(tools[0]!.name).toBe('billing');
    expect(tools[0]!.description).toContain('Answers questions about invoices and payments.');
    expect(tools[0]!.description).toContain('- Invoices: Looks up an invoice and tells whether it is paid.');
    const seen = outputs(chunks);
    expect(seen.some((o) => o.state === 'working' && o.status === 'Looking up the invoice…')).toBe(true);
    expect(finalOutput(chunks)).toMatchObject({ a2a: 'remote-agent', agent: 'billing', state: 'completed', text: 'Invoice 42 is paid.', files: [] });
    expect(agent.log.methods).toEqual(['SendStreamingMessage']);
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt)).toContain('Invoice 42 is paid.');
    expectTurnIntact(chunks);
  });

  it('sends a plain message when the card says it cannot stream', async () => {
    const agent = await billingAgent({ streaming: false });
    const { server } = serverFor({ card: `${agent.base}/.well-known/agent-card.json`, allowPrivate: true }, 'invoice 42');
    const chunks = await readChunks(await server.fetch(ask('x')));
    expect(finalOutput(chunks)).toMatchObject({ state: 'completed', text: 'Invoice 42 is paid.' });
    expect(agent.log.methods).toEqual(['SendMessage']);
    expectTurnIntact(chunks);
  });

  it('sends the configured headers (a function of the caller) with the card read and each call', async () => {
    const agent = await billingAgent();
    const { server } = serverFor({ card: agent.base, allowPrivate: true, headers: (ctx) => ({ authorization: `Bearer for-${ctx.userId ?? 'nobody'}` }) }, 'invoice 42', {
      authenticate: () => ({ id: 'ada' }),
    });
    await readChunks(await server.fetch(ask('x')));
    expect(agent.log.headers.length).toBeGreaterThanOrEqual(2);
    for (const headers of agent.log.headers) expect(headers.authorization).toBe('Bearer for-ada');
  });

  it('Stop cancels the remote task (the agent sees CancelTask) and the tool call fails as stopped', async () => {
    const agent = await billingAgent({ tickMs: 10 });
    const { server } = serverFor({ card: agent.base, allowPrivate: true }, 'a slow search');
    const stop = new AbortController();
    const response = await server.fetch(new Request(ask('x'), { signal: stop.signal }));
    const events = sseEvents(response);
    for (;;) {
      const event = await events.next();
      if (!event) throw new Error('the stream ended before the remote task ran');
      if (event.data.includes('Still searching')) break;
    }
    stop.abort();
    await events.cancel();
    await expect.poll(() => agent.log.methods).toContain('CancelTask');
    await expect.poll(() => agent.log.cancelled.length).toBe(1);
  });

  it('a remote agent that hangs: a timeout aborts the call and names the cause; the turn goes on', async () => {
    const hanging = await startHttpTestServer({
      '/.well-known/agent-card.json': (_req, res, base) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(a2aTestAgentCard(base))),
      '/a2a': () => {}, // never answers
    });
    closers.push(hanging.close);
    const { server } = serverFor({ card: hanging.base, allowPrivate: true, timeoutMs: 300 }, 'invoice 42');
    const chunks = await readChunks(await server.fetch(ask('x')));
    expect(toolError(chunks)).toBe('The billing agent did not finish within 300 ms; its task was cancelled.');
    expectTurnIntact(chunks);
  });

  it('a remote agent that answers garbage or breaks the protocol: a tool error naming it', async () => {
    const garbage = await startHttpTestServer({
      '/.well-known/agent-card.json': (_req, res, base) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(a2aTestAgentCard(base))),
      '/a2a': (_req, res) => res.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: {"jsonrpc":"2.0","id":1,"result":{"nonsense":true}}\n\n'),
    });
    closers.push(garbage.close);
    const { server } = serverFor({ card: garbage.base, allowPrivate: true }, 'invoice 42');
    const chunks = await readChunks(await server.fetch(ask('x')));
    expect(toolError(chunks)).toMatch(/^The billing agent (failed \(streaming its reply\): an empty stream event|'s reply ended)/);
    expectTurnIntact(chunks);
  });

  it('a failed or rejected task is a tool error with the agent\'s reason', async () => {
    const agent = await billingAgent();
    const failed = await readChunks(await serverFor({ card: agent.base, allowPrivate: true }, 'please fail').server.fetch(ask('x')));
    expect(toolError(failed)).toBe("The billing agent's task failed: The ledger is offline.");
    expectTurnIntact(failed);
    const rejected = await readChunks(await serverFor({ card: agent.base, allowPrivate: true }, 'reject this').server.fetch(ask('x')));
    expect(toolError(rejected)).toBe('The billing agent rejected the task: Not a billing question.');
  });

  it('a card that does not validate: a tool error naming the problem', async () => {
    const bad = await startHttpTestServer({
      '/.well-known/agent-card.json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'Billing', description: 'x', supportedInterfaces: [] })),
    });
    closers.push(bad.close);
    const chunks = await readChunks(await serverFor({ card: bad.base, allowPrivate: true }, 'invoice 42').server.fetch(ask('x')));
    expect(toolError(chunks)).toMatch(/^The billing agent's card does not validate: supportedInterfaces: .*/);
    expectTurnIntact(chunks);
    const notJson = await startHttpTestServer({ '/card.json': (_req, res) => res.writeHead(200).end('<html>') });
    closers.push(notJson.close);
    const html = await readChunks(await serverFor({ card: `${notJson.base}/card.json`, allowPrivate: true }, 'x').server.fetch(ask('x')));
    expect(toolError(html)).toBe(`The billing agent's card at ${notJson.base}/card.json is not JSON.`);
  });

  it('a card at a private address, or one that redirects there or names a private interface: refused by the SSRF guard', async () => {
    const privateCard = await readChunks(await serverFor({ card: 'http://10.0.0.5/.well-known/agent-card.json' }, 'x').server.fetch(ask('x')));
    expect(toolError(privateCard)).toMatch(/^The billing agent is unreachable \(reading its card at http:\/\/10\.0\.0\.5\/.*\): .*private/);
    expectTurnIntact(privateCard);

    const redirecting = await startHttpTestServer({
      '/.well-known/agent-card.json': (_req, res) => res.writeHead(302, { location: 'http://10.1.2.3/card.json' }).end(),
    });
    closers.push(redirecting.close);
    const redirected = await readChunks(await serverFor({ card: redirecting.base, allowHosts: ['127.0.0.1'] }, 'x').server.fetch(ask('x')));
    expect(toolError(redirected)).toMatch(/unreachable .*10\.1\.2\.3.*private/);
    expect(redirecting.received.map((r) => r.url)).toContain('/.well-known/agent-card.json'); // the card was asked for; the redirect was not followed
    expect(redirecting.received.every((r) => r.url === '/.well-known/agent-card.json')).toBe(true);

    const namesPrivate = await startHttpTestServer({
      '/.well-known/agent-card.json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(a2aTestAgentCard('http://192.168.7.7'))),
    });
    closers.push(namesPrivate.close);
    const face = await readChunks(await serverFor({ card: namesPrivate.base, allowHosts: ['127.0.0.1'] }, 'x').server.fetch(ask('x')));
    expect(toolError(face)).toMatch(/^The billing agent's interface URL http:\/\/192\.168\.7\.7\/a2a is refused: .*private/);
    expectTurnIntact(face);
  });

  it('an input-required task becomes a question; the answer route continues the SAME task and the result is its outcome', async () => {
    const agent = await billingAgent();
    const { server } = serverFor({ card: agent.base, allowPrivate: true }, 'ask me which invoice');
    const events = sseEvents(await server.fetch(ask('x')));
    const chunks: UIMessageChunk[] = [];
    let question: RemoteAgentProgress | undefined;
    while (!question) {
      const event = await events.next();
      if (!event) throw new Error('no question came');
      const chunk = JSON.parse(event.data) as UIMessageChunk;
      chunks.push(chunk);
      if (chunk.type === 'tool-output-available' && isRemoteAgentProgress(chunk.output) && chunk.output.state === 'input-required') question = chunk.output;
    }
    expect(question).toMatchObject({ question: 'Which invoice number?', agent: 'billing' });
    const answerPath = '/api/agent/boss/remote-agent-answer';
    // A bad body is a 400 with the issues; an unknown tool call a 404; neither touches the question.
    const bad = await server.fetch(chatRequest({ toolCallId: 'call-1', answer: '' }, { path: answerPath }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_body');
    const unknown = await server.fetch(chatRequest({ toolCallId: 'call-9', answer: '7' }, { path: answerPath }));
    expect(unknown.status).toBe(404);
    const answered = await server.fetch(chatRequest({ toolCallId: 'call-1', answer: '7' }, { path: answerPath }));
    expect(answered.status).toBe(202);
    for (let event = await events.next(); event; event = await events.next()) chunks.push(JSON.parse(event.data) as UIMessageChunk);

    expect(finalOutput(chunks)).toMatchObject({ state: 'completed', text: 'Invoice 7 is paid.', taskId: question.taskId });
    expect(agent.log.methods).toEqual(['SendStreamingMessage', 'SendStreamingMessage']);
    expectTurnIntact(chunks);
    // Answered once: a second answer finds nothing waiting.
    expect((await server.fetch(chatRequest({ toolCallId: 'call-1', answer: '8' }, { path: answerPath }))).status).toBe(404);
  });

  it('another user cannot answer the question', async () => {
    const agent = await billingAgent();
    const { server } = serverFor({ card: agent.base, allowPrivate: true }, 'ask me', {
      authenticate: (request) => ({ id: request.headers.get('x-user') ?? 'ada' }),
    });
    const events = sseEvents(await server.fetch(ask('x')));
    for (let event = await events.next(); event && !event.data.includes('input-required'); event = await events.next());
    const path = '/api/agent/boss/remote-agent-answer';
    expect((await server.fetch(chatRequest({ toolCallId: 'call-1', answer: '7' }, { path, headers: { 'x-user': 'eve' } }))).status).toBe(404);
    expect((await server.fetch(chatRequest({ toolCallId: 'call-1', answer: '7' }, { path }))).status).toBe(202);
    await events.cancel();
  });

  it('a file artifact goes into the blob store with its media type; the result names it as x-blob:', async () => {
    const agent = await billingAgent();
    const dir = await mkdtemp(join(tmpdir(), 'a2a-files-'));
    closers.push(() => rm(dir, { recursive: true, force: true }));
    const store = fileSystemBlobStore({ dir });
    const { server } = serverFor({ card: agent.base, allowPrivate: true }, 'the invoices file', { files: { store }, approvalSecret: 'x'.repeat(32) });
    const chunks = await readChunks(await server.fetch(ask('x')));
    const output = finalOutput(chunks) as RemoteAgentProgress;
    expect(output.files).toEqual([{ name: 'invoices.csv', mediaType: 'text/csv', url: expect.stringMatching(/^x-blob:file-/), size: 23 }]);
    const id = output.files[0]!.url!.slice('x-blob:'.length);
    const stored = await store.get(`data/${id}`);
    expect(await new Response(stored!.body).text()).toBe('invoice,status\n42,paid\n');
    expectTurnIntact(chunks);
  });
});
