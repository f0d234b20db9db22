import { memoryStore } from '@x/agent-server/store';
import { createScenarioServer, inProcessFetch, scenarios } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { runToFixture } from './run-fixture.js';
import { createInspector, type Inspector } from './wire-recorder.js';

function setup() {
  const server = createScenarioServer({ scenarios: [scenarios.approval, scenarios.plainText], smartAgentId: false, config: { store: memoryStore(), logger: { warn: () => {}, error: () => {} } } });
  return createInspector({ fetch: inProcessFetch(server) });
}

const post = (inspector: Inspector, path: string, body: unknown) =>
  inspector.fetch(`http://localhost/api/agent/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function settled(inspector: Inspector) {
  for (let i = 0; i < 200 && inspector.runs().some((r) => !r.done); i++) await new Promise((r) => setTimeout(r, 5));
}

describe('createInspector', () => {
  it('records a turn: every SSE event with its id and time, the run id, and the stream end — the chat reads the same stream', async () => {
    const inspector = setup();
    const response = await post(inspector, 'plain-text', { conversationId: 'c1', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hello' }] }] });
    const text = await response.text();
    await settled(inspector);
    const [run] = inspector.runs();
    expect(run).toMatchObject({ kind: 'turn', method: 'POST', status: 200, done: true });
    expect(run!.runId).toBe(response.headers.get('x-run-id'));
    const chunks = run!.events.filter((e) => e.id !== undefined);
    expect(chunks.length).toBe(text.split('\n').filter((l) => l.startsWith('id: ')).length);
    expect(chunks.map((e) => Number(e.id))).toEqual(chunks.map((_, i) => i));
    expect(run!.events[0]!.type).toBe('request');
    expect(run!.events.map((e) => e.type)).toEqual(expect.arrayContaining(['start', 'text-delta', 'finish', 'stream-end']));
    expect(run!.events.every((e, i, all) => i === 0 || e.at >= all[i - 1]!.at)).toBe(true);
  });

  it('records approvals and their answers, errors with codes and resumes with their cursor', async () => {
    const inspector = setup();
    await (await post(inspector, 'approval', { conversationId: 'c2', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Delete record 7' }] }] })).text();
    await settled(inspector);
    const request = inspector.runs()[0]!.events.find((e) => e.type === 'tool-approval-request')!.data as { approvalId: string; toolCallId: string };
    await (await post(inspector, 'unknown', { messages: [] })).text();
    await (
      await post(inspector, 'approval', {
        conversationId: 'c2',
        messages: [{ id: 'a1', role: 'assistant', parts: [{ type: 'tool-deleteRecord', toolCallId: request.toolCallId, state: 'approval-responded', input: { id: 7 }, approval: { id: request.approvalId, approved: true } }] }],
      })
    ).text();
    await (await inspector.fetch('http://localhost/api/agent/conversations/c2/stream', { headers: { 'last-event-id': '3' } })).text();
    await settled(inspector);
    const [, failed, answer, resume] = inspector.runs();
    expect(failed!.events.find((e) => e.type === 'http-error')!.data).toMatchObject({ status: 404, code: 'unknown_agent' });
    expect(answer!.events.find((e) => e.type === 'approval-answer')!.data).toMatchObject({ tool: 'deleteRecord', approved: true, id: request.approvalId });
    expect(resume).toMatchObject({ kind: 'resume', cursor: '3' });
  });

  it('exports a run as a version-1 fixture of its text and tool calls', async () => {
    const inspector = setup();
    await (await post(inspector, 'approval', { conversationId: 'c3', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Delete record 7' }] }] })).text();
    await settled(inspector);
    const fixture = runToFixture(inspector.runs()[0]!);
    expect(fixture.version).toBe(1);
    const call = fixture.calls[0] as { parts: { part: { type: string; toolName?: string; delta?: string } }[]; finish: { finishReason: { unified: string } } };
    expect(call.parts.map((p) => p.part.delta ?? '').join('')).toBe('I will delete record 7. ');
    expect(call.parts.find((p) => p.part.type === 'tool-call')?.part.toolName).toBe('deleteRecord');
    expect(call.finish.finishReason.unified).toBe('tool-calls');
  });
});
