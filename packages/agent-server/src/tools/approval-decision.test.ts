import type { Tool, UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolOutputsBodySchema, type GenerateResponse } from '@x/agent-protocol/routes';
import { createAgentServer } from '../server.js';
import { reconcileHistory } from '../runtime/server-history.js';
import { memoryStore } from '../store/memory-store.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { chunksOf, toolCallParts } from '../test-utils/model-parts.js';
import { chatRequest, readChunks, userMessage } from '../test-utils/sse.js';
import { messageFromChunks } from '../test-utils/ui-message.js';
import { AgentRequestError } from '../config/request-error.js';
import type { MessageRecord } from '../store/types.js';
import { MALFORMED_APPROVAL_ANSWERS, REFUSING_APPROVAL_ANSWERS, withId } from '../test-utils/approval-answers.js';
import { approvalDecision, approvalRuleDecision, interruptDecision, wireApprovalDecision } from './approval-decision.js';
import { deleteFileTool } from '../test-utils/delete-file-tool.js';

const refusedWith = (fn: () => unknown): AgentRequestError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AgentRequestError) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe('approvalDecision: only an explicit approval runs', () => {
  it('runs on approved: true, refuses on approved: false, keeps the reason', () => {
    expect(approvalDecision({ approved: true })).toEqual({ run: true });
    expect(approvalDecision({ approved: false, reason: 'no' })).toEqual({ run: false, reason: 'no' });
  });

  it.each(MALFORMED_APPROVAL_ANSWERS)('an AG-UI resolved payload with $name is a 400 invalid_body with issues', ({ payload }) => {
    const error = refusedWith(() => interruptDecision({ status: 'resolved', payload }, 'resume.0'));
    expect(error.code).toBe('invalid_body');
    expect(error.issues?.length).toBeGreaterThan(0);
    expect(error.issues?.every((issue) => issue.path.startsWith('resume.0.payload'))).toBe(true);
  });

  it('an AG-UI resolved entry without a payload is a 400; a cancelled one is a refusal, with or without one', () => {
    expect(refusedWith(() => interruptDecision({ status: 'resolved' }, 'resume.0')).code).toBe('invalid_body');
    expect(interruptDecision({ status: 'cancelled' }, 'resume.0')).toEqual({ run: false, reason: 'cancelled' });
    expect(interruptDecision({ status: 'cancelled', payload: { approved: true } }, 'resume.0')).toEqual({ run: false, reason: 'cancelled' });
    expect(interruptDecision({ status: 'cancelled', payload: { approved: false, reason: 'later' } }, 'resume.0')).toEqual({ run: false, reason: 'later' });
    expect(refusedWith(() => interruptDecision({ status: 'cancelled', payload: { approve: true } }, 'resume.0')).code).toBe('invalid_body');
  });

  it.each(REFUSING_APPROVAL_ANSWERS)('$name is a refusal on every reading', ({ payload }) => {
    expect(interruptDecision({ status: 'resolved', payload }, 'resume.0').run).toBe(false);
    expect(wireApprovalDecision({ id: 'a1', ...payload }, 'approval').decision.run).toBe(false);
  });

  it('a policy rule in any spelling: denied refuses, user-approval asks, the rest runs', () => {
    expect(approvalRuleDecision('denied')).toEqual({ refused: 'Denied by a policy.' });
    expect(approvalRuleDecision({ type: 'denied', reason: 'Not here.' })).toEqual({ refused: 'Not here.' });
    expect(approvalRuleDecision('user-approval')).toBe('ask');
    expect(approvalRuleDecision({ type: 'user-approval' })).toBe('ask');
    expect(approvalRuleDecision(undefined)).toBe('run');
    expect(approvalRuleDecision('not-applicable')).toBe('run');
    expect(approvalRuleDecision({ type: 'approved' })).toBe('run');
  });
});

describe('our wire with a store (reconcileHistory): the approval of an answered part', () => {
  const tools = { deleteFile: { inputSchema: z.object({ path: z.string() }), execute: () => ({}) } as unknown as Tool };
  const pending = {
    type: 'tool-deleteFile',
    toolCallId: 'call-1',
    state: 'approval-requested',
    input: { path: '/tmp/a' },
    approval: { id: 'ap-1', signature: 'sig' },
  } as unknown as UIMessage['parts'][number];
  const stored: MessageRecord[] = [
    { conversationId: 'c', id: 'u1', parentId: null, seq: 1, role: 'user', parts: [{ type: 'text', text: 'Delete /tmp/a' }], metadata: {}, createdAt: '' },
    { conversationId: 'c', id: 'a1', parentId: 'u1', seq: 2, role: 'assistant', parts: [pending], metadata: {}, createdAt: '' },
  ];
  const answer = (approval: unknown) =>
    reconcileHistory(
      stored,
      {
        messages: [
          { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Delete /tmp/a' }] },
          { id: 'a1', role: 'assistant', parts: [{ ...(pending as object), state: 'approval-responded', approval }] },
        ],
      } as never,
      tools,
    );

  it.each(MALFORMED_APPROVAL_ANSWERS)('$name is a 400 invalid_body naming the part, nothing to write', ({ payload }) => {
    const error = refusedWith(() => answer(withId(payload, 'id', 'ap-1')));
    expect(error.code).toBe('invalid_body');
    expect(error.issues?.[0]?.path).toMatch(/^messages\.1\.parts\.0\.approval/);
  });

  it.each(REFUSING_APPROVAL_ANSWERS)('$name is written as a refusal (the AI SDK then denies the call)', ({ payload }) => {
    const { writes } = answer({ id: 'ap-1', signature: 'sig', ...payload });
    const part = writes[0]!.parts[0] as { state: string; approval: Record<string, unknown> };
    expect(part.state).toBe('approval-responded');
    expect(part.approval).toEqual({ id: 'ap-1', signature: 'sig', ...payload });
  });

  it('approved: true is written as an approval, with the stored approval fields', () => {
    const { writes } = answer({ id: 'ap-1', signature: 'forged', approved: true });
    expect((writes[0]!.parts[0] as { approval: unknown }).approval).toEqual({ id: 'ap-1', signature: 'sig', approved: true });
  });
});

describe("generate's tool-outputs: the body schema, then the decision", () => {
  const parse = (entry: unknown) => toolOutputsBodySchema.safeParse({ approvals: [entry] });

  it.each(MALFORMED_APPROVAL_ANSWERS)('$name is refused by the route schema (400 invalid_body before anything runs)', ({ payload }) => {
    expect(parse(withId(payload, 'approvalId', 'ap-1')).success).toBe(false);
  });

  it.each(REFUSING_APPROVAL_ANSWERS)('$name decides a refusal', ({ payload }) => {
    const parsed = parse({ approvalId: 'ap-1', ...payload });
    expect(parsed.success && approvalDecision(parsed.data.approvals![0]!)).toEqual({ run: false, ...('reason' in payload ? { reason: payload.reason } : {}) });
  });

  it('approved: true decides a run', () => {
    const parsed = parse({ approvalId: 'ap-1', approved: true });
    expect(parsed.success && approvalDecision(parsed.data.approvals![0]!)).toEqual({ run: true });
  });
});

describe('our wire without a store (the client holds the history): the same table through the chat route', () => {
  async function pendingApproval() {
    const deleted: string[] = [];
    const model = mockModel(toolCallParts({ toolName: 'deleteFile', input: { path: '/x' } }), textParts('Done.'));
    const server = createAgentServer({
      tools: {
        deleteFile: deleteFileTool(deleted, true),
      },
      agents: { assistant: { model, tools: ['deleteFile'] } },
      logger: { warn: () => {}, error: () => {} },
    });
    const user = userMessage('Delete /x');
    const assistant = await messageFromChunks(await readChunks(await server.fetch(chatRequest({ messages: [user] }))));
    const send = (approval: unknown) =>
      server.fetch(
        chatRequest({
          messages: [user, { ...assistant, parts: assistant.parts.map((p) => (p.type === 'tool-deleteFile' ? { ...p, state: 'approval-responded', approval } : p)) }],
        }),
      );
    const approvalId = (assistant.parts.find((p) => p.type === 'tool-deleteFile') as { approval: { id: string } }).approval.id;
    return { send, approvalId, deleted, model };
  }

  it.each(MALFORMED_APPROVAL_ANSWERS)('$name → 400 invalid_body with issues; the tool and the model do not run', async ({ payload }) => {
    const { send, approvalId, deleted, model } = await pendingApproval();
    const response = await send(withId(payload, 'id', approvalId));
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; issues: { path: string }[] } };
    expect(error.code).toBe('invalid_body');
    expect(error.issues[0]!.path).toMatch(/^messages\.1\.parts\.\d+\.approval/);
    expect(deleted).toEqual([]);
    expect(model.doStreamCalls).toHaveLength(1);
  });

  it.each(REFUSING_APPROVAL_ANSWERS)('$name is a refusal: the tool does not run', async ({ payload }) => {
    const { send, approvalId, deleted } = await pendingApproval();
    const chunks = await readChunks(await send({ id: approvalId, ...payload }));
    expect(chunksOf(chunks, 'tool-output-denied')).toEqual([{ type: 'tool-output-denied', toolCallId: 'call-1' }]);
    expect(deleted).toEqual([]);
  });
});

describe("generate's tool-outputs through the route: the same table", () => {
  async function pausedRun() {
    const deleted: string[] = [];
    const store = memoryStore();
    const model = mockModel(toolCallParts({ toolName: 'deleteFile', input: { path: '/x' } }), textParts('Done.'));
    const server = createAgentServer({
      tools: {
        deleteFile: deleteFileTool(deleted, true),
      },
      agents: { assistant: { model, tools: ['deleteFile'] } },
      store,
      authenticate: () => ({ id: 'alice' }),
      logger: { warn: () => {}, error: () => {} },
    });
    const post = (path: string, body: unknown) =>
      server.fetch(new Request(`http://localhost/api/agent/assistant/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    const first = (await (await post('generate', { messages: [userMessage('Delete /x')] })).json()) as GenerateResponse;
    expect(first.status).toBe('requires_action');
    const approvalId = first.pendingApprovals![0]!.approvalId;
    const thread = async () => JSON.stringify(await store.loadThread('alice', first.conversationId!));
    const answer = (entry: unknown) => post(`generate/${first.runId}/tool-outputs`, { approvals: [entry] });
    return { answer, approvalId, deleted, model, thread };
  }

  it.each(MALFORMED_APPROVAL_ANSWERS)('$name → 400 invalid_body; nothing runs or is written', async ({ payload }) => {
    const { answer, approvalId, deleted, model, thread } = await pausedRun();
    const before = await thread();
    const response = await answer(withId(payload, 'approvalId', approvalId));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_body');
    expect(deleted).toEqual([]);
    expect(model.doStreamCalls).toHaveLength(1);
    expect(await thread()).toBe(before);
  });

  it.each(REFUSING_APPROVAL_ANSWERS)('$name is a refusal: the tool does not run, the run completes', async ({ payload }) => {
    const { answer, approvalId, deleted } = await pausedRun();
    const body = (await (await answer({ approvalId, ...payload })).json()) as GenerateResponse;
    expect(body.status).toBe('completed');
    expect(deleted).toEqual([]);
  });

  it('approved: true runs the tool once', async () => {
    const { answer, approvalId, deleted } = await pausedRun();
    expect(((await (await answer({ approvalId, approved: true })).json()) as GenerateResponse).status).toBe('completed');
    expect(deleted).toEqual(['/x']);
  });
});
