import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentServer } from '../server.js';
import type { AgentConfig } from '../config/types.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { chunksOf, recordingLogger, toolCallParts } from '../test-utils/model-parts.js';
import { chatRequest, readChunks, textOf, userMessage } from '../test-utils/sse.js';

const silent = { warn: () => {}, error: () => {} };

function sentTools(model: ReturnType<typeof mockModel>, call = 0) {
  return (model.doStreamCalls[call]?.tools ?? []) as { name: string; description?: string; inputSchema?: unknown }[];
}

describe('sub-agents', () => {
  it('are tools with the default description and { task } input; the parent sees only the final text', async () => {
    const parent = mockModel(toolCallParts({ toolName: 'researcher', input: { task: 'Find the refund policy' } }), textParts('Refunds take 5 days.'));
    const child = mockModel(toolCallParts({ toolName: 'lookup', input: { q: 'refund' } }), textParts('Refunds take 5 days (policy v2).'));
    const server = createAgentServer({
      tools: { lookup: { description: 'Lookup', inputSchema: z.object({ q: z.string() }), execute: () => ({ doc: 'policy v2' }) } },
      agents: {
        boss: { model: parent, instructions: 'You lead.', agents: ['researcher'] },
        researcher: { model: child, instructions: 'You research.', tools: ['lookup'] },
      },
      logger: silent,
    });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('refunds?')] }, { path: '/api/agent/boss' })));

    expect(sentTools(parent)).toEqual([
      {
        type: 'function',
        name: 'researcher',
        description: 'Delegate task to the researcher agent',
        inputSchema: expect.objectContaining({ type: 'object', required: ['task'], properties: { task: expect.objectContaining({ type: 'string' }) } }),
      },
    ]);
    const childPrompt = child.doStreamCalls[0]!.prompt;
    expect(childPrompt[0]).toEqual({ role: 'system', content: 'You research.' });
    expect(childPrompt[1]).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'Find the refund policy' }] });
    // the parent's stream carries the sub-agent's final text as the tool output, nothing else of it
    expect(chunksOf(chunks, 'tool-output-available')).toEqual([{ type: 'tool-output-available', toolCallId: 'call-1', output: 'Refunds take 5 days (policy v2).' }]);
    expect(chunks.some((c) => 'toolName' in c && c.toolName === 'lookup')).toBe(false);
    expect(JSON.stringify(parent.doStreamCalls[1]!.prompt)).not.toContain('doc'); // the sub-agent's own tool result stays inside it
    expect(textOf(chunks)).toBe('Refunds take 5 days.');
  });

  it('takes a custom name, description and input schema; the input goes to the sub-agent as JSON', async () => {
    const parent = mockModel(toolCallParts({ toolName: 'ask_billing', input: { invoice: 'INV-1', question: 'status?' } }), textParts('ok'));
    const child = mockModel(textParts('paid'));
    const server = createAgentServer({
      agents: {
        boss: {
          model: parent,
          agents: [{ agent: 'billing', name: 'ask_billing', description: 'Billing questions', inputSchema: z.object({ invoice: z.string(), question: z.string() }) }],
        },
        billing: { model: child },
      },
      logger: silent,
    });
    await readChunks(await server.fetch(chatRequest({ messages: [userMessage('x')] }, { path: '/api/agent/boss' })));
    expect(sentTools(parent)[0]).toMatchObject({ name: 'ask_billing', description: 'Billing questions' });
    expect(child.doStreamCalls[0]!.prompt[0]).toMatchObject({ role: 'user', content: [{ type: 'text', text: '{"invoice":"INV-1","question":"status?"}' }] });
  });

  it('stops nesting at depth 5: the agent five levels down gets no sub-agent tools', async () => {
    const ids = ['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
    const models = ids.map((_, i) => (i < 6 ? mockModel(toolCallParts({ toolName: ids[i + 1]!, input: { task: `level ${i + 1}` } }), textParts(`done ${i}`)) : mockModel(textParts('bottom'))));
    const agents: Record<string, AgentConfig> = {};
    ids.forEach((id, i) => (agents[id] = { model: models[i]!, ...(i < 6 ? { agents: [ids[i + 1]!] } : {}) }));
    const logger = recordingLogger();
    const server = createAgentServer({ agents, logger });
    await readChunks(await server.fetch(chatRequest({ messages: [userMessage('go')] }, { path: '/api/agent/a0' })));
    for (let i = 0; i < 5; i++) expect(sentTools(models[i]!).map((t) => t.name)).toEqual([ids[i + 1]]);
    expect(sentTools(models[5]!)).toEqual([]);
    expect(models[6]!.doStreamCalls).toHaveLength(0);
    expect(logger.records).toContainEqual({ level: 'warn', message: 'sub-agents withheld: depth limit reached', meta: { agentId: 'a5', depth: 5 } });
  });

  it('denies tools that need approval inside a sub-agent (and warned at startup)', async () => {
    const ran: string[] = [];
    const parent = mockModel(toolCallParts({ toolName: 'worker', input: { task: 'wipe it' } }), textParts('ok'));
    const child = mockModel(toolCallParts({ toolName: 'wipe', input: {} }), textParts('I could not wipe it.'));
    const logger = recordingLogger();
    const server = createAgentServer({
      tools: { wipe: { description: 'Wipe', inputSchema: z.object({}), execute: () => ran.push('wipe'), confirm: true } },
      agents: { boss: { model: parent, agents: ['worker'] }, worker: { model: child, tools: ['wipe'] } },
      logger,
    });
    expect(logger.messages()).toContainEqual(expect.stringContaining('agent "worker" is used as a sub-agent but its tools "wipe" need approval'));
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('x')] }, { path: '/api/agent/boss' })));
    expect(ran).toEqual([]);
    expect(JSON.stringify(child.doStreamCalls[1]!.prompt)).toContain('execution-denied');
    expect(chunksOf(chunks, 'tool-output-available')[0]!.output).toBe('I could not wipe it.');
  });
});
