import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { APPROVAL_ORIGINAL_INPUT_KEY } from '@x/agent-protocol';
import { type GenerateResponse } from '@x/agent-protocol/routes';
import { memoryStore } from '../../store/memory-store.js';
import { pgliteStore } from '../../store/pglite-store.js';
import { postgresStore } from '../../store/postgres-store.js';
import type { ConversationStore } from '../../store/types.js';
import { mockModel, textParts } from '../../test-utils/mock-model.js';
import { recordingLogger, toolCallParts } from '../../test-utils/model-parts.js';
import { postgresDatabase } from '../../test-utils/shared-postgres.js';
import { userMessage } from '../../test-utils/sse.js';
import { storeServer } from '../../test-utils/store-server.js';
import { createAgentServer } from '../../server.js';

const backends: [string, () => Promise<ConversationStore>][] = [
  ['memory', async () => memoryStore()],
  ['PGlite', async () => pgliteStore({ dataDir: 'memory://' })],
  ['PostgreSQL', async () => postgresStore({ connectionString: (await postgresDatabase()).connectionString })],
];

function post(path: string, body: unknown, user = 'alice'): Request {
  return new Request(`http://localhost/api/agent/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user': user },
    body: JSON.stringify(body),
  });
}

async function answer(response: Response): Promise<GenerateResponse> {
  expect(response.status).toBe(200);
  return (await response.json()) as GenerateResponse;
}

async function errorOf(response: Response): Promise<{ status: number; code: string; paths: string[] }> {
  const body = (await response.json()) as { error: { code: string; issues?: { path: string }[] } };
  return { status: response.status, code: body.error.code, paths: (body.error.issues ?? []).map((i) => i.path) };
}

/** A server whose `deleteFile` tool needs approval; the model calls it, then answers `after`. */
function approvalServer(store: ConversationStore | undefined, after: string) {
  const deleted: string[] = [];
  const model = mockModel(toolCallParts({ toolName: 'deleteFile', input: { path: '/tmp/a' }, id: 'call-1' }), textParts(after));
  const deleteFile = {
    description: 'Delete a file',
    inputSchema: z.object({ path: z.string() }),
    execute: ({ path }: { path: string }) => (deleted.push(path), { deleted: path }),
    confirm: true,
  };
  const config = { tools: { deleteFile }, agents: { assistant: { model, tools: ['deleteFile'] } } };
  const server = store ? storeServer(store, model, config).server : createAgentServer({ ...config, logger: recordingLogger() });
  return { server, model, deleted };
}

describe('the generate route without a store', () => {
  it('answers requires_action with the pending approval (not completed / stop_condition)', async () => {
    const { server, deleted } = approvalServer(undefined, 'never');
    const paused = await answer(await server.fetch(post('assistant/generate', { messages: [userMessage('Delete /tmp/a')] })));
    expect(paused).toMatchObject({
      status: 'requires_action',
      stopReason: 'approval_required',
      pendingApprovals: [{ approvalId: expect.any(String), toolCallId: 'call-1', toolName: 'deleteFile', input: { path: '/tmp/a' } }],
    });
    expect(paused.pendingToolCalls).toBeUndefined();
    expect(deleted).toEqual([]);
  });
});

describe.each(backends)('generate approvals on the %s store', (_name, make) => {
  let store: ConversationStore;
  beforeAll(async () => {
    store = await make();
    // Migrations run here, not inside the first test's time limit.
    await (store as Partial<{ ready(): Promise<void> }>).ready?.();
  }, 90_000);
  afterAll(async () => {
    await store?.close?.();
  });

  it('pauses for the approval, and an edited approval through tool-outputs runs the edited input and keeps the proposal', async () => {
    const { server, deleted } = approvalServer(store, 'Deleted.');
    const paused = await answer(await server.fetch(post('assistant/generate', { messages: [userMessage('Delete /tmp/a')] })));
    expect(paused).toMatchObject({ status: 'requires_action', stopReason: 'approval_required', pendingApprovals: [{ toolCallId: 'call-1', toolName: 'deleteFile' }] });
    const approvalId = paused.pendingApprovals![0]!.approvalId;
    expect(deleted).toEqual([]);

    // Another user cannot answer it; an unknown approval or a missing answer is a 400 naming the entry.
    const body = { approvals: [{ approvalId, approved: true, input: { path: '/tmp/b' } }] };
    expect((await errorOf(await server.fetch(post(`assistant/generate/${paused.runId}/tool-outputs`, body, 'mallory')))).code).toBe('run_not_found');
    expect(await errorOf(await server.fetch(post(`assistant/generate/${paused.runId}/tool-outputs`, { approvals: [{ approvalId: 'nope', approved: true }] })))).toEqual({
      status: 400,
      code: 'invalid_body',
      paths: ['approvals.0.approvalId', 'approvals'],
    });
    expect((await errorOf(await server.fetch(post(`assistant/generate/${paused.runId}/tool-outputs`, { approvals: [{ approvalId, approved: false, input: {} }] })))).paths).toEqual([
      'approvals.0.input',
    ]);

    const done = await answer(await server.fetch(post(`assistant/generate/${paused.runId}/tool-outputs`, body)));
    expect(done).toMatchObject({ status: 'completed', text: 'Deleted.', stopReason: 'end_turn', conversationId: paused.conversationId });
    expect(done.pendingApprovals).toBeUndefined();
    expect(deleted).toEqual(['/tmp/b']);
    const reply = (await store.loadThread('alice', paused.conversationId!))!.at(-1)!;
    const part = reply.parts.find((p) => p.type === 'tool-deleteFile') as { state: string; input: unknown; approval: Record<string, unknown> };
    expect(part).toMatchObject({ state: 'output-available', input: { path: '/tmp/b' } });
    expect(part.approval[APPROVAL_ORIGINAL_INPUT_KEY]).toEqual({ path: '/tmp/a' });
    // Answered once: the run no longer waits.
    expect((await errorOf(await server.fetch(post(`assistant/generate/${paused.runId}/tool-outputs`, body)))).code).toBe('run_not_paused');
  }, 30_000);

  it('a denial with a reason reaches the model and runs nothing', async () => {
    const { server, model, deleted } = approvalServer(store, 'Not deleted.');
    const paused = await answer(await server.fetch(post('assistant/generate', { messages: [userMessage('Delete /tmp/a')] })));
    const approvalId = paused.pendingApprovals![0]!.approvalId;
    const done = await answer(
      await server.fetch(post(`assistant/generate/${paused.runId}/tool-outputs`, { approvals: [{ approvalId, approved: false, reason: 'keep that file' }] })),
    );
    expect(done).toMatchObject({ status: 'completed', text: 'Not deleted.' });
    expect(deleted).toEqual([]);
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt)).toContain('keep that file');
  }, 30_000);
});
