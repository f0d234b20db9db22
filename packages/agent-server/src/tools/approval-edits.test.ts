import type { UIMessage } from 'ai';
import { answerToolApproval, approvalEditOf, type ApprovalToolPart } from '@x/agent-protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolPolicy } from '../config/policy-types.js';
import { createAgentServer } from '../server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { chunksOf, recordingLogger, toolCallParts } from '../test-utils/model-parts.js';
import { chatRequest, readChunks, userMessage } from '../test-utils/sse.js';
import { messageFromChunks } from '../test-utils/ui-message.js';

const secret = 'a-test-secret-of-at-least-32-characters!';

function setup(options: { signed?: boolean; policies?: ToolPolicy[] } = {}) {
  const sent: { to: string; count: number }[] = [];
  const model = mockModel(toolCallParts({ toolName: 'sendInvoices', input: { to: 'all', count: 500 } }), textParts('Sent.'));
  const server = createAgentServer({
    ...(options.signed === false ? {} : { approvalSecret: secret }),
    ...(options.policies ? { policies: options.policies } : {}),
    tools: {
      sendInvoices: {
        description: 'Send invoices',
        inputSchema: z.object({ to: z.string(), count: z.number().int().max(1000) }),
        execute: (input: { to: string; count: number }) => {
          sent.push(input);
          return { sent: input.count };
        },
        confirm: true,
      },
    },
    agents: { assistant: { model, tools: ['sendInvoices'] } },
    logger: recordingLogger(),
  });
  return { server, model, sent };
}

/** First request (the approval request), then `answer` applied to the tool part and sent again. */
async function answerWith(s: ReturnType<typeof setup>, answer: (part: ApprovalToolPart) => ApprovalToolPart) {
  const user = userMessage('Send the invoices');
  const assistant = await messageFromChunks(await readChunks(await s.server.fetch(chatRequest({ messages: [user] }))));
  const answered: UIMessage = {
    ...assistant,
    parts: assistant.parts.map((p) => (p.type === 'tool-sendInvoices' ? (answer(p as ApprovalToolPart) as unknown as typeof p) : p)),
  };
  const response = await s.server.fetch(chatRequest({ messages: [user, answered] }));
  const chunks = await readChunks(response);
  const prompt = JSON.stringify(s.model.doStreamCalls[1]?.prompt ?? null);
  return { chunks, prompt, answered };
}

describe('approval with edits', () => {
  it('runs the edited input the approver signed off, and the model sees what ran', async () => {
    const s = setup();
    const { chunks, prompt, answered } = await answerWith(s, (p) => answerToolApproval(p, { approved: true, input: { to: 'overdue', count: 20 }, reason: 'only the overdue ones' }));
    expect(approvalEditOf(answered.parts.find((p) => p.type === 'tool-sendInvoices') as ApprovalToolPart)).toEqual({
      edited: true,
      originalInput: { to: 'all', count: 500 },
      input: { to: 'overdue', count: 20 },
    });
    expect(s.sent).toEqual([{ to: 'overdue', count: 20 }]);
    expect(chunksOf(chunks, 'tool-output-available')).toEqual([{ type: 'tool-output-available', toolCallId: 'call-1', output: { sent: 20 } }]);
    expect(prompt).toContain('"count":20');
    expect(prompt).not.toContain('"count":500');
  });

  it('does not run an edit that fails the tool schema: the call is denied with a reason naming the problem', async () => {
    const s = setup();
    const { chunks, prompt } = await answerWith(s, (p) => answerToolApproval(p, { approved: true, input: { to: 'all', count: 'many' } }));
    expect(s.sent).toEqual([]);
    expect(chunksOf(chunks, 'tool-output-denied')).toEqual([{ type: 'tool-output-denied', toolCallId: 'call-1' }]);
    expect(prompt).toContain("The approver's edited input is not valid for this tool, so it was not run");
    expect(prompt).toMatch(/count/);
  });

  it('refuses an input swapped without the proposed one (the signature does not cover it)', async () => {
    const s = setup();
    await answerWith(s, (p) => ({ ...answerToolApproval(p, { approved: true }), input: { to: 'everyone', count: 999 } }));
    expect(s.sent).toEqual([]);
  });

  it('refuses an edit whose "proposed" input is not what the server proposed', async () => {
    const s = setup();
    await answerWith(s, (p) => {
      const answered = answerToolApproval({ ...p, input: { to: 'x', count: 1 } }, { approved: true, input: { to: 'everyone', count: 999 } });
      return answered;
    });
    expect(s.sent).toEqual([]);
  });

  it('runs the proposed input when the approver approves without an edit', async () => {
    const s = setup();
    await answerWith(s, (p) => answerToolApproval(p, { approved: true }));
    expect(s.sent).toEqual([{ to: 'all', count: 500 }]);
  });

  it('passes a denial reason to the model', async () => {
    const s = setup();
    const { chunks, prompt } = await answerWith(s, (p) => answerToolApproval(p, { approved: false, reason: 'not before month end' }));
    expect(s.sent).toEqual([]);
    expect(chunksOf(chunks, 'tool-output-denied')).toHaveLength(1);
    expect(prompt).toContain('not before month end');
  });

  it('still applies the policies to the edited input', async () => {
    const s = setup({ policies: [{ match: 'sendInvoices', when: { path: 'to', equals: 'everyone' }, before: { deny: 'no mass mailing' } }] });
    const { prompt } = await answerWith(s, (p) => answerToolApproval(p, { approved: true, input: { to: 'everyone', count: 5 } }));
    expect(s.sent).toEqual([]);
    expect(prompt).toContain('no mass mailing');
  });

  it('works without approvalSecret too (unsigned approvals)', async () => {
    const s = setup({ signed: false });
    await answerWith(s, (p) => answerToolApproval(p, { approved: true, input: { to: 'overdue', count: 3 } }));
    expect(s.sent).toEqual([{ to: 'overdue', count: 3 }]);
  });

  it('answerToolApproval refuses a part that is not waiting for approval', () => {
    expect(() => answerToolApproval({ state: 'output-available', input: {} }, { approved: true })).toThrow('not waiting for approval');
  });
});
