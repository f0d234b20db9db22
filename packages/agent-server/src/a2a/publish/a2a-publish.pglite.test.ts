import type { Server } from 'node:http';
import { TaskState, type Task } from '@a2a-js/sdk';
import { TaskNotFoundError } from '@a2a-js/sdk/errors';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteStore } from '../../store/pglite-store.js';
import { mockModel, textParts } from '../../test-utils/mock-model.js';
import { clientOf, publishedConfig, replyText, send, serve } from '../../test-utils/a2a-publish-client.js';

const servers: Server[] = [];
const store = pgliteStore({ dataDir: 'memory://' });
afterAll(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await store.close?.();
});

describe('an agent published over A2A on PGlite', () => {
  it('saves the task as a turn and returns it after a reload, to its user only', { timeout: 60_000 }, async () => {
    const base = await serve(publishedConfig(mockModel(textParts('Invoice 42 is paid.')), { store }), servers);
    const task = (await (await clientOf(`${base}/billing`, 'ada')).sendMessage(send('Invoice 42?'))) as Task;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    // A second server on the same database: the task is rebuilt from the stored turn.
    const other = await serve(publishedConfig(mockModel(textParts('x')), { store }), servers);
    const again = await (await clientOf(`${other}/billing`, 'ada')).getTask({ tenant: '', id: task.id, historyLength: 10 });
    expect(again).toMatchObject({ id: task.id, contextId: task.contextId, status: { state: TaskState.TASK_STATE_COMPLETED } });
    expect(replyText(again)).toBe('Invoice 42 is paid.');
    await expect((await clientOf(`${other}/billing`, 'bob')).getTask({ tenant: '', id: task.id, historyLength: 10 })).rejects.toBeInstanceOf(TaskNotFoundError);
  });
});
