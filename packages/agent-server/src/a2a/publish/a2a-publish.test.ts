import type { Server } from 'node:http';
import { A2A_PROTOCOL_VERSION, TaskState, type Task } from '@a2a-js/sdk';
import { TaskNotFoundError } from '@a2a-js/sdk/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/config-error.js';
import { memoryRunLog } from '../../runs/memory-run-log.js';
import { createAgentServer } from '../../server.js';
import { memoryStore } from '../../store/memory-store.js';
import { deltaParts, gatedModel } from '../../test-utils/gated-model.js';
import { mockModel, textParts } from '../../test-utils/mock-model.js';
import { clientOf, publishedConfig, replyText, send, serve } from '../../test-utils/a2a-publish-client.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const asTask = (result: unknown): Task => {
  expect(result).toHaveProperty('status');
  return result as Task;
};

describe('an agent published over A2A, driven by @a2a-js/sdk’s client', () => {
  it('serves its card: name, description, skills, the absolute JSON-RPC URL, streaming, A2A 1.0', async () => {
    const base = await serve(publishedConfig(mockModel(textParts('Hi')), { store: memoryStore() }), servers);
    const response = await fetch(`${base}/billing/.well-known/agent-card.json`, { headers: { 'x-user': 'ada' } });
    expect(response.status).toBe(200);
    const card = await response.json();
    expect(card).toMatchObject({
      name: 'Billing',
      description: 'Answers billing questions.',
      capabilities: { streaming: true },
      supportedInterfaces: [{ url: `${base}/billing/a2a`, protocolBinding: 'JSONRPC', protocolVersion: A2A_PROTOCOL_VERSION }],
      skills: [{ id: 'invoices', name: 'Invoices', description: 'Finds and explains invoices.', tags: ['billing'] }],
    });
    // Nothing of the agent's setup beyond its name, description and skills.
    expect(JSON.stringify(card)).not.toContain('Be brief');
    const client = await clientOf(`${base}/billing`, 'ada');
    expect(client.protocolVersion).toBe('1.0');
  });

  it('answers SendMessage with a completed task: the reply as its artifact, the turn saved in the conversation', async () => {
    const store = memoryStore();
    const base = await serve(publishedConfig(mockModel(textParts('Your invoice is paid.')), { store }), servers);
    const client = await clientOf(`${base}/billing`, 'ada');
    const task = asTask(await client.sendMessage(send('Is my invoice paid?')));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(replyText(task)).toBe('Your invoice is paid.');
    // The task is a turn: the context is the conversation, the task id its run.
    const run = await store.getRun('ada', task.id);
    expect(run).toMatchObject({ conversationId: task.contextId, agentId: 'billing', status: 'completed' });
    const thread = await store.loadThread('ada', task.contextId);
    expect(thread?.map((m) => [m.role, m.parts.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text).join('')])).toEqual([
      ['user', 'Is my invoice paid?'],
      ['assistant', 'Your invoice is paid.'],
    ]);
  });

  it('continues the conversation when a new message names its contextId (the model sees the history)', async () => {
    const model = mockModel(textParts('First.'), textParts('Second.'));
    const base = await serve(publishedConfig(model, { store: memoryStore() }), servers);
    const client = await clientOf(`${base}/billing`, 'ada');
    const first = asTask(await client.sendMessage(send('one')));
    const second = asTask(await client.sendMessage(send('two', first.contextId)));
    expect(second.contextId).toBe(first.contextId);
    expect(second.id).not.toBe(first.id);
    expect(JSON.stringify(model.doStreamCalls[1]?.prompt)).toContain('First.');
  });

  it('fails a second task in a conversation whose turn still runs, saying why (the running one goes on)', async () => {
    const gated = gatedModel(deltaParts(['Working ', 'on ', 'it.']), 3);
    const base = await serve(publishedConfig(gated.model, { store: memoryStore() }), servers);
    const client = await clientOf(`${base}/billing`, 'ada');
    // The client names a new conversation's id itself.
    const contextId = `conv-${crypto.randomUUID()}`;
    const first = client.sendMessage(send('one', contextId));
    await gated.started;
    const second = (await client.sendMessage(send('two', contextId))) as Task;
    expect(second.status?.state).toBe(TaskState.TASK_STATE_FAILED);
    expect(replyText({ artifacts: [second.status!.message!] })).toMatch(/another turn/i);
    gated.release();
    expect(((await first) as Task).status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it('streams SendStreamingMessage: the task, working, the reply as artifact appends, completed', async () => {
    const base = await serve(publishedConfig(mockModel(deltaParts(['Paid ', 'on ', 'time.'])), { store: memoryStore() }), servers);
    const client = await clientOf(`${base}/billing`, 'ada');
    const kinds: string[] = [];
    let text = '';
    for await (const event of client.sendMessageStream(send('Status?'))) {
      const payload = event.payload;
      if (!payload) continue;
      if (payload.$case === 'statusUpdate') kinds.push(`status:${TaskState[payload.value.status!.state]}`);
      else kinds.push(payload.$case);
      if (payload.$case === 'artifactUpdate') text += replyText({ artifacts: [payload.value.artifact!] });
    }
    expect(text).toBe('Paid on time.');
    expect(kinds[0]).toBe('task');
    expect(kinds[1]).toBe('status:TASK_STATE_WORKING');
    expect(kinds.filter((k) => k === 'artifactUpdate').length).toBeGreaterThanOrEqual(3);
    expect(kinds.at(-1)).toBe('status:TASK_STATE_COMPLETED');
  });

  it('keeps a silent stream alive with SSE comments (keepAliveMs), which the SDK client skips', async () => {
    const gated = gatedModel(deltaParts(['Slow ', 'answer.']), 2);
    const base = await serve(publishedConfig(gated.model, { store: memoryStore(), keepAliveMs: 30 }), servers);
    const request = { jsonrpc: '2.0', id: 1, method: 'SendStreamingMessage', params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'Slow one' }] } } };
    const response = await fetch(`${base}/billing/a2a`, {
      method: 'POST',
      headers: { 'x-user': 'ada', 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: JSON.stringify(request),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes(': keep-alive')) text += (await reader.read()).value ?? '';
    gated.release();
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      text += next.value;
    }
    expect(text).toContain('TASK_STATE_COMPLETED');
  });

  it('returns the task from the store after a reload (a new client), and never another user’s task', async () => {
    const store = memoryStore();
    const base = await serve(publishedConfig(mockModel(textParts('Done.')), { store }), servers);
    const task = asTask(await (await clientOf(`${base}/billing`, 'ada')).sendMessage(send('Do it')));
    // A second server on the same store: nothing of the task is in its memory.
    const other = await serve(publishedConfig(mockModel(textParts('x')), { store }), servers);
    const again = await (await clientOf(`${other}/billing`, 'ada')).getTask({ tenant: '', id: task.id, historyLength: 10 });
    expect(again).toMatchObject({ id: task.id, contextId: task.contextId, status: { state: TaskState.TASK_STATE_COMPLETED } });
    expect(replyText(again)).toBe('Done.');
    expect(again.history.map((m) => replyText({ artifacts: [m] }))).toEqual(['Do it']);

    const bob = await clientOf(`${base}/billing`, 'bob');
    await expect(bob.getTask({ tenant: '', id: task.id, historyLength: 10 })).rejects.toBeInstanceOf(TaskNotFoundError);
    await expect(bob.cancelTask({ tenant: '', id: task.id, metadata: undefined })).rejects.toBeInstanceOf(TaskNotFoundError);
  });

  it('cancels a long reply with CancelTask: the stream ends canceled, the model call is aborted, the run saved as stopped', async () => {
    const store = memoryStore();
    const gated = gatedModel(deltaParts(['Working ', 'on ', 'it.']), 3);
    const base = await serve(publishedConfig(gated.model, { store }), servers);
    const client = await clientOf(`${base}/billing`, 'ada');
    const states: TaskState[] = [];
    let taskId = '';
    let cancelled: Task | undefined;
    for await (const event of client.sendMessageStream(send('Long one'))) {
      const payload = event.payload;
      if (payload?.$case === 'task') taskId = payload.value.id;
      if (payload?.$case === 'statusUpdate') states.push(payload.value.status!.state);
      if (payload?.$case === 'artifactUpdate' && !cancelled) cancelled = await client.cancelTask({ tenant: '', id: taskId, metadata: undefined });
    }
    expect(cancelled?.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect(states.at(-1)).toBe(TaskState.TASK_STATE_CANCELED);
    expect(gated.wasAborted()).toBe(true);
    expect(await store.getRun('ada', taskId)).toMatchObject({ status: 'stopped' });
  });

  it('cancels a task running on another instance (the run log’s stop signal)', async () => {
    const store = memoryStore();
    const runLog = memoryRunLog();
    const gated = gatedModel(deltaParts(['Working ', 'on ', 'it.']), 3);
    const a = await serve(publishedConfig(gated.model, { store, runLog }), servers);
    const b = await serve(publishedConfig(mockModel(textParts('unused')), { store, runLog }), servers);
    const onA = await clientOf(`${a}/billing`, 'ada');
    const onB = await clientOf(`${b}/billing`, 'ada');
    const states: TaskState[] = [];
    let taskId = '';
    let cancelled: Task | undefined;
    for await (const event of onA.sendMessageStream(send('Long one'))) {
      const payload = event.payload;
      if (payload?.$case === 'task') taskId = payload.value.id;
      if (payload?.$case === 'statusUpdate') states.push(payload.value.status!.state);
      if (payload?.$case === 'artifactUpdate' && !cancelled) cancelled = await onB.cancelTask({ tenant: '', id: taskId, metadata: undefined });
    }
    expect(cancelled?.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect(states.at(-1)).toBe(TaskState.TASK_STATE_CANCELED);
    expect(gated.wasAborted()).toBe(true);
  });
});

describe('the A2A routes refuse what they do not serve', () => {
  it('answers 404 for an agent that is not published, 401 without a user', async () => {
    const base = await serve(publishedConfig(mockModel(textParts('x')), { store: memoryStore() }), servers);
    const card = await fetch(`${base}/internal/.well-known/agent-card.json`, { headers: { 'x-user': 'ada' } });
    expect(card.status).toBe(404);
    expect((await card.json()).error.code).toBe('not_found');
    const rpc = await fetch(`${base}/internal/a2a`, { method: 'POST', headers: { 'x-user': 'ada', 'content-type': 'application/json', 'a2a-version': '1.0' }, body: '{}' });
    expect(rpc.status).toBe(404);
    expect((await fetch(`${base}/billing/.well-known/agent-card.json`)).status).toBe(401);
    const anonymous = await fetch(`${base}/billing/a2a`, { method: 'POST', headers: { 'content-type': 'application/json', 'a2a-version': '1.0' }, body: '{}' });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.code).toBe('unauthorized');
  });

  it('applies the agent’s access rule to the card and the calls (403)', async () => {
    const config = publishedConfig(mockModel(textParts('x')), { store: memoryStore() });
    config.agents.billing = { ...config.agents.billing!, access: (user) => user?.id === 'ada' };
    const base = await serve(config, servers);
    expect((await fetch(`${base}/billing/.well-known/agent-card.json`, { headers: { 'x-user': 'bob' } })).status).toBe(403);
    await expect(clientOf(`${base}/billing`, 'bob')).rejects.toThrow(/403/);
    expect((await clientOf(`${base}/billing`, 'ada')).protocolVersion).toBe('1.0');
  });

  it('refuses to publish without a store (a ConfigError naming the path)', () => {
    expect(() => createAgentServer(publishedConfig(mockModel(textParts('x')), {}))).toThrow(ConfigError);
    expect(() => createAgentServer(publishedConfig(mockModel(textParts('x')), {}))).toThrow(/agents\.billing\.a2a\.publish/);
  });

  it('answers a malformed JSON-RPC request with a JSON-RPC error (HTTP 200), never a 500', async () => {
    const base = await serve(publishedConfig(mockModel(textParts('x')), { store: memoryStore() }), servers);
    const post = async (body: string, version: string | null = '1.0') => {
      const response = await fetch(`${base}/billing/a2a`, {
        method: 'POST',
        headers: { 'x-user': 'ada', 'content-type': 'application/json', ...(version ? { 'a2a-version': version } : {}) },
        body,
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { id: unknown; error?: { code: number; message: string } };
    };
    const getTask = (extra: object) => JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'GetTask', params: { id: 'nope' }, ...extra });
    expect(await post('{not json')).toMatchObject({ id: null, error: { code: -32700 } });
    expect(await post('[1,2]')).toMatchObject({ id: null, error: { code: -32600 } });
    expect(await post(JSON.stringify({ id: 3, method: 'GetTask' }))).toMatchObject({ id: 3, error: { code: -32600 } });
    expect(await post(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'GetTask', params: { id: 'x' }, __proto__: 1 }).replace('"jsonrpc"', '"__proto__":{},"jsonrpc"'))).toMatchObject({
      error: { code: -32600 },
    });
    expect(await post(getTask({ method: 'tasks/get' }))).toMatchObject({ id: 7, error: { code: -32601 } });
    expect(await post(getTask({ params: [1] }))).toMatchObject({ id: 7, error: { code: -32602 } });
    expect(await post(getTask({}), null)).toMatchObject({ id: 7, error: { code: -32009 } });
    expect(await post(getTask({}))).toMatchObject({ id: 7, error: { code: -32001 } });
    const continuation = { jsonrpc: '2.0', id: 8, method: 'SendMessage', params: { message: { messageId: 'm', role: 'ROLE_USER', taskId: 'some-task', parts: [{ text: 'hi' }] } } };
    expect(await post(JSON.stringify(continuation))).toMatchObject({ id: 8, error: { code: -32001 } });
    // A streaming method on an unknown task: the error in the stream, never a 500.
    const subscribe = await fetch(`${base}/billing/a2a`, {
      method: 'POST',
      headers: { 'x-user': 'ada', 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'SubscribeToTask', params: { id: 'nope' } }),
    });
    expect(subscribe.status).toBe(200);
    expect(await subscribe.text()).toMatch(/"code":-32001/);
  });
});
