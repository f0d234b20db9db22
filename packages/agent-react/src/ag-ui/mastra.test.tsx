// agUiTransport against an agent nobody here wrote: a Mastra agent served through @ag-ui/mastra, on a mock model.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { AbstractAgent } from '@ag-ui/client';
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4, simulateReadableStream } from 'ai/test';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useSharedState } from '../shared-state/use-shared-state.js';
import { textOf } from '../test-utils/test-server.js';
import { useAgentChat } from '../use-agent-chat.js';
import { useToolApproval } from '../use-tool-approval.js';
import { agUiTransport } from '@x/agent-core/ag-ui';

// Mastra sends usage telemetry unless this is set: nothing may leave loopback.
process.env.MASTRA_TELEMETRY_DISABLED = '1';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
const text = (t: string): LanguageModelV4StreamPart[] => [
  { type: 'stream-start', warnings: [] },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: t },
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
];
const call = (toolName: string, input: unknown): LanguageModelV4StreamPart[] => [
  { type: 'stream-start', warnings: [] },
  { type: 'tool-call', toolCallId: `call-${toolName}`, toolName, input: JSON.stringify(input) },
  { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_use' }, usage },
];

/** The mock model: the tool the last user message asks for, then a sentence once the tool answered. */
function answer(options: LanguageModelV4CallOptions): LanguageModelV4StreamPart[] {
  const last = options.prompt.at(-1);
  const lastUser = options.prompt.findLast((m: LanguageModelV4CallOptions['prompt'][number]) => m.role === 'user');
  const asked = JSON.stringify(lastUser?.content ?? '');
  if (last?.role === 'tool') return text(asked.includes('delete') ? 'Deleted record 7.' : asked.includes('close') ? 'Closed.' : 'It is 21 C in Oslo.');
  if (asked.includes('delete')) return call('deleteRecord', { id: 7 });
  if (asked.includes('close')) return call('updateWorkingMemory', { memory: { status: 'closed', owner: 'mallory' } });
  return call('weather', { city: 'Oslo' });
}

let makeAgent: () => Promise<AbstractAgent>;
const deleted: number[] = [];

beforeAll(async () => {
  const [{ Agent }, { createTool }, { Mastra }, { InMemoryStore }, { MastraAgent }] = await Promise.all([
    import('@mastra/core/agent'),
    import('@mastra/core/tools'),
    import('@mastra/core/mastra'),
    import('@mastra/core/storage'),
    import('@ag-ui/mastra'),
  ]);
  const model = new MockLanguageModelV4({ doStream: async (options) => ({ stream: simulateReadableStream({ chunks: answer(options), initialDelayInMs: null, chunkDelayInMs: null }) }) });
  const weather = createTool({
    id: 'weather',
    description: 'Weather of a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 21 }),
  });
  const deleteRecord = createTool({
    id: 'deleteRecord',
    description: 'Deletes a record (asks the user first)',
    inputSchema: z.object({ id: z.number() }),
    suspendSchema: z.object({ question: z.string() }),
    resumeSchema: z.object({ approved: z.boolean() }),
    execute: async ({ id }, ctx) => {
      const resumeData = ctx?.agent?.resumeData as { approved?: boolean } | undefined;
      if (!resumeData) return ctx?.agent?.suspend({ question: `Delete record ${id}?` });
      if (!resumeData.approved) return { deleted: null };
      deleted.push(id);
      return { deleted: id };
    },
  });
  const updateWorkingMemory = createTool({
    id: 'updateWorkingMemory',
    description: 'Updates the shared state',
    inputSchema: z.object({ memory: z.record(z.string(), z.unknown()) }),
    execute: async () => ({ ok: true }),
  });
  // Mastra's model type wants doGenerate to return a stream result (its own V4 alias); the mock works as it is (stack-facts §12.4).
  const agent = new Agent({ id: 'desk', name: 'Desk', instructions: 'You help.', model: model as never, tools: { weather, deleteRecord, updateWorkingMemory } });
  const mastra = new Mastra({ agents: { desk: agent }, storage: new InMemoryStore(), logger: false });
  let n = 0;
  makeAgent = async () => new MastraAgent({ agent: mastra.getAgent('desk'), resourceId: 'user-1', threadId: `thread-${++n}` });
}, 30_000);

describe('agUiTransport ↔ a Mastra agent (@ag-ui/mastra)', () => {
  it('shows a tool call with its result and the reply', async () => {
    const transport = agUiTransport({ agent: await makeAgent() });
    const { result } = renderHook(() => useAgentChat({ agentId: 'desk', transport, history: 'client' }));
    await act(() => result.current.sendMessage({ text: 'weather in Oslo?' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('It is 21 C in Oslo.'));
    const tool = result.current.messages.at(-1)!.parts.find((p) => p.type === 'tool-weather') as { state: string; output: unknown };
    expect(tool).toMatchObject({ state: 'output-available', output: { city: 'Oslo', tempC: 21 } });
    expect(result.current.error).toBeUndefined();
  });

  it('shows a suspended tool as an approval card; approving resumes it and the tool runs once', async () => {
    const transport = agUiTransport({ agent: await makeAgent() });
    const { result } = renderHook(() => {
      const chat = useAgentChat({ agentId: 'desk', transport, history: 'client' });
      return { chat, approval: useToolApproval(chat) };
    });
    await act(() => result.current.chat.sendMessage({ text: 'delete record 7' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(result.current.approval.pending).toHaveLength(1));
    expect(result.current.approval.pending[0]).toMatchObject({ toolName: 'deleteRecord', input: { id: 7 } });
    expect(deleted).toEqual([]);
    await act(() => result.current.approval.approve(result.current.approval.pending[0]!.approvalId));
    await waitFor(() => expect(textOf(result.current.chat.messages.at(-1))).toContain('Deleted record 7.'));
    expect(deleted).toEqual([7]);
    expect(result.current.chat.error).toBeUndefined();
  });

  it('writes the agent’s state through the page’s allowlist', async () => {
    const agent = await makeAgent();
    const { result } = renderHook(() => {
      const shared = useSharedState({ status: 'open', owner: 'ada' }, { writable: ['status'] });
      const [transport] = useState(() => agUiTransport({ agent, sharedState: shared.store }));
      return { shared, chat: useAgentChat({ agentId: 'desk', transport, history: 'client' }) };
    });
    await act(() => result.current.chat.sendMessage({ text: 'close it' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(result.current.shared.value.status).toBe('closed'));
    expect(result.current.shared.value.owner).toBe('ada');
    expect(result.current.shared.log.filter((w) => w.source === 'agent').map((w) => w.key)).toEqual(['status']);
  });
});
