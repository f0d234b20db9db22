import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolPolicy } from '../../config/policy-types.js';
import { createAgentServer } from '../../server.js';
import { mockModel, textParts } from '../../test-utils/mock-model.js';
import { chunksOf, recordingLogger, toolCallParts } from '../../test-utils/model-parts.js';
import { chatRequest, readChunks, userMessage } from '../../test-utils/sse.js';
import { SUB_AGENT_APPROVAL_DENIED } from '../build-tool-set.js';

describe('require-approval policies where nobody can approve, and approval rules combined', () => {
  it('denies a require-approval call inside a sub-agent (no one there to approve) and tells its model why', async () => {
    const ran: unknown[] = [];
    const worker = mockModel(toolCallParts({ toolName: 'wipe', input: {} }), textParts('could not wipe'));
    const chat = mockModel(toolCallParts({ toolName: 'worker', input: { task: 'wipe it' } }), textParts('ok'));
    const policies: ToolPolicy[] = [{ match: 'wipe', before: 'require-approval' }];
    const server = createAgentServer({
      tools: { wipe: { description: 'Wipe', inputSchema: z.object({}), execute: () => ran.push(1) } },
      policies,
      agents: { assistant: { model: chat, agents: ['worker'] }, worker: { model: worker, tools: ['wipe'] } },
      logger: recordingLogger(),
    });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('go')] })));
    expect(ran).toEqual([]);
    expect(chunksOf(chunks, 'tool-output-available')[0]!.output).toBe('could not wipe');
    expect(JSON.stringify(worker.doStreamCalls[1]!.prompt)).toContain(SUB_AGENT_APPROVAL_DENIED);
  });

  it('a policy deny wins over confirm; an allow verdict does not waive confirm', async () => {
    const ran: unknown[] = [];
    const tools = { pay: { description: 'Pay', inputSchema: z.object({ amount: z.number() }), execute: (i: unknown) => ran.push(i), confirm: true } };
    const policies: ToolPolicy[] = [
      { match: 'pay', when: { path: 'amount', matches: '^\\d{5,}$' }, before: { deny: 'too much' } },
      { match: 'pay', before: 'allow' },
    ];
    const big = mockModel(toolCallParts({ toolName: 'pay', input: { amount: 100000 } }), textParts('ok'));
    const bigChunks = await readChunks(await createAgentServer({ tools, policies, agents: { assistant: { model: big, tools: ['pay'] } }, logger: recordingLogger() }).fetch(chatRequest({ messages: [userMessage('pay')] })));
    // A policy's deny is an automatic decision: nobody is asked.
    expect(chunksOf(bigChunks, 'tool-approval-request').filter((c) => !(c as { isAutomatic?: boolean }).isAutomatic)).toHaveLength(0);
    expect(chunksOf(bigChunks, 'tool-output-denied')).toHaveLength(1);
    const small = mockModel(toolCallParts({ toolName: 'pay', input: { amount: 5 } }), textParts('ok'));
    const smallChunks = await readChunks(await createAgentServer({ tools, policies, agents: { assistant: { model: small, tools: ['pay'] } }, logger: recordingLogger() }).fetch(chatRequest({ messages: [userMessage('pay')] })));
    expect(chunksOf(smallChunks, 'tool-approval-request').filter((c) => !(c as { isAutomatic?: boolean }).isAutomatic)).toHaveLength(1);
    expect(ran).toEqual([]);
  });
});
