import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStore } from '../store/memory-store.js';
import { closeServers, serveAgUi } from '../test-utils/ag-ui-server.js';
import { MALFORMED_APPROVAL_ANSWERS, REFUSING_APPROVAL_ANSWERS } from '../test-utils/approval-answers.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { toolCallParts } from '../test-utils/model-parts.js';

const servers: Server[] = [];
afterEach(() => closeServers(servers));

const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The AG-UI events of an SSE answer. */
async function eventsOf(response: Response): Promise<Record<string, unknown>[]> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
}

/** A stored conversation whose reply waits for the approval of `deleteFile`: its interrupt id. */
async function pendingApproval() {
  const store = memoryStore();
  const model = mockModel(toolCallParts({ toolName: 'deleteFile', input: { path: '/tmp/a' } }), textParts('Done.'));
  const { url, deleted } = await serveAgUi(servers, model, { store, authenticate: () => ({ id: 'alice' }) });
  const events = await eventsOf(await post(url, { threadId: 'conv-1', runId: 'r1', messages: [{ id: 'u1', role: 'user', content: 'Delete /tmp/a' }] }));
  const finished = events.at(-1) as { outcome?: { interrupts?: { id: string }[] } };
  const interruptId = finished.outcome!.interrupts![0]!.id;
  const thread = async () => JSON.stringify(await store.loadThread('alice', 'conv-1'));
  const answer = (entry: Record<string, unknown>) => post(url, { threadId: 'conv-1', runId: 'r2', messages: [], resume: [{ interruptId, ...entry }] });
  return { model, deleted, answer, thread };
}

describe('POST …/ag-ui resume: only an explicit, schema-valid approval runs the tool', () => {
  it.each(MALFORMED_APPROVAL_ANSWERS)('a resolved payload with $name → 400 invalid_body with issues; nothing runs or is written', async ({ payload }) => {
    const { model, deleted, answer, thread } = await pendingApproval();
    const before = await thread();
    const response = await answer({ status: 'resolved', payload });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; issues: { path: string }[] } };
    expect(body.error.code).toBe('invalid_body');
    expect(body.error.issues[0]!.path).toMatch(/^resume\.0\.payload/);
    expect(deleted).toEqual([]);
    expect(model.doStreamCalls).toHaveLength(1);
    expect(await thread()).toBe(before);
    // The approval is still pending: a valid answer runs it.
    const approved = await answer({ status: 'resolved', payload: { approved: true } });
    expect(approved.status).toBe(200);
    await approved.text();
    expect(deleted).toEqual(['/tmp/a']);
  });

  it('a resolved entry without a payload → 400, nothing runs', async () => {
    const { deleted, answer } = await pendingApproval();
    expect((await answer({ status: 'resolved' })).status).toBe(400);
    expect(deleted).toEqual([]);
  });

  it.each([...REFUSING_APPROVAL_ANSWERS.map(({ name, payload }) => ({ name, entry: { status: 'resolved', payload } })), { name: 'cancelled', entry: { status: 'cancelled' } }])(
    '$name is a recorded refusal: the tool does not run, the reply says rejected',
    async ({ entry }) => {
      const { model, deleted, answer, thread } = await pendingApproval();
      const events = await eventsOf(await answer(entry));
      expect(deleted).toEqual([]);
      expect(events.find((e) => e.type === 'TOOL_CALL_RESULT')).toMatchObject({ toolCallId: 'call-1', content: JSON.stringify({ denied: true }) });
      expect(events.at(-1)?.type).toBe('RUN_FINISHED');
      // The model reads the refusal (the AI SDK's denied tool result) and answers.
      expect(JSON.stringify(model.doStreamCalls.at(-1)!.prompt)).toContain('execution-denied');
      expect(await thread()).toContain('output-denied');
    },
  );
});
