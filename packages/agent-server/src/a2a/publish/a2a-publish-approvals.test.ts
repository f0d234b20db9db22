import type { Server } from 'node:http';
import { Role, TaskState, type Message, type Task } from '@a2a-js/sdk';
import { UnsupportedOperationError } from '@a2a-js/sdk/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStore } from '../../store/memory-store.js';
import { clientOf, publishedConfig, replyText, send, serve } from '../../test-utils/a2a-publish-client.js';
import { deleteFileTool } from '../../test-utils/delete-file-tool.js';
import { mockModel, textParts } from '../../test-utils/mock-model.js';
import { toolCallParts } from '../../test-utils/model-parts.js';
import { textPart } from './a2a-parts.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A message on the task: a data part (the answer) and/or a text. */
function answer(task: Task, data: unknown, text?: string) {
  const parts = [
    ...(text !== undefined ? [textPart(text)] : []),
    ...(data !== undefined ? [{ content: { $case: 'data' as const, value: data }, mediaType: 'application/json', filename: '', metadata: undefined }] : []),
  ];
  const message: Message = { messageId: crypto.randomUUID(), role: Role.ROLE_USER, taskId: task.id, contextId: task.contextId, parts, metadata: undefined, extensions: [], referenceTaskIds: [] };
  return { tenant: '', message, configuration: undefined, metadata: undefined };
}

async function setup() {
  const deleted: string[] = [];
  const model = mockModel(toolCallParts({ toolName: 'deleteFile', input: { path: 'a.txt' } }), textParts('Deleted a.txt.'));
  const config = publishedConfig(model, { store: memoryStore(), tools: { deleteFile: deleteFileTool(deleted, true) } });
  config.agents.billing = { ...config.agents.billing!, tools: ['deleteFile'] };
  const base = await serve(config, servers);
  return { deleted, client: await clientOf(`${base}/billing`, 'ada'), other: await clientOf(`${base}/billing`, 'bob') };
}

describe('a tool approval over A2A: input-required, answered on the task', () => {
  it('asks with input-required (the pending call as data), runs the tool on { approved: true } and completes the same task', async () => {
    const { deleted, client } = await setup();
    const asked = (await client.sendMessage(send('Delete a.txt'))) as Task;
    expect(asked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const data = asked.status?.message?.parts.find((p) => p.content?.$case === 'data')?.content;
    expect(data).toMatchObject({ value: { approvals: [{ toolName: 'deleteFile', input: { path: 'a.txt' } }] } });
    expect(deleted).toEqual([]);
    // A reload (a fresh read) sees the same question.
    expect((await client.getTask({ tenant: '', id: asked.id, historyLength: 10 })).status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);

    const done = (await client.sendMessage(answer(asked, { approved: true }))) as Task;
    expect(done.id).toBe(asked.id);
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(deleted).toEqual(['a.txt']);
    expect(replyText(done)).toContain('Deleted a.txt.');
    const again = await client.getTask({ tenant: '', id: asked.id, historyLength: 10 });
    expect(again.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it('keeps waiting, running nothing, on an answer off the schema (a text, "approved": "yes", an extra key)', async () => {
    const { deleted, client } = await setup();
    const asked = (await client.sendMessage(send('Delete a.txt'))) as Task;
    for (const reply of [answer(asked, undefined, 'yes please'), answer(asked, { approved: 'yes' }), answer(asked, { approved: true, extra: 1 })]) {
      const still = (await client.sendMessage(reply)) as Task;
      expect(still.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    }
    expect(deleted).toEqual([]);
    const refused = (await client.sendMessage(answer(asked, { approved: false, reason: 'Keep it.' }))) as Task;
    expect(refused.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(deleted).toEqual([]);
  });

  it('cancels a task waiting for an approval: CANCELED from then on (also after a reload), its answer refused, nothing run', async () => {
    const { deleted, client } = await setup();
    const asked = (await client.sendMessage(send('Delete a.txt'))) as Task;
    const cancelled = await client.cancelTask({ tenant: '', id: asked.id, metadata: undefined });
    expect(cancelled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect((await client.getTask({ tenant: '', id: asked.id, historyLength: 10 })).status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    await expect(client.sendMessage(answer(asked, { approved: true }))).rejects.toBeInstanceOf(UnsupportedOperationError);
    expect(deleted).toEqual([]);
  });

  it('refuses a message on a task that waits for nothing (-32004), and another user’s answer (not found)', async () => {
    const { deleted, client, other } = await setup();
    const asked = (await client.sendMessage(send('Delete a.txt'))) as Task;
    await expect(other.sendMessage(answer(asked, { approved: true }))).rejects.toThrow(/not found/i);
    expect(deleted).toEqual([]);
    await client.sendMessage(answer(asked, { approved: true }));
    await expect(client.sendMessage(answer(asked, { approved: true }))).rejects.toBeInstanceOf(UnsupportedOperationError);
    expect(deleted).toEqual(['a.txt']);
  });
});
