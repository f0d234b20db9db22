import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SUGGESTIONS_PART } from '@x/agent-protocol';
import { createAgentServer } from '../server.js';
import type { FinishHookEvent, HookEvent, HookFunction } from '../config/hook-types.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { chunksOf, recordingLogger, stallingModel, toolCallParts } from '../test-utils/model-parts.js';
import { chatRequest, readChunks, textOf, userMessage } from '../test-utils/sse.js';

const weather = { description: 'Weather', inputSchema: z.object({ city: z.string() }), execute: ({ city }: { city: string }) => ({ city, tempC: 20 }) };

/** Reads the SSE body until `text` has streamed. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, text: string): Promise<void> {
  const decoder = new TextDecoder();
  let seen = '';
  while (!seen.includes(text)) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`stream ended before "${text}"`);
    seen += decoder.decode(value, { stream: true });
  }
}

describe('hooks', () => {
  it('fires onStart, onStepStart, onToolCallStart, onToolCallFinish and onStepFinish with their payloads (no messages or functions)', async () => {
    const events: HookEvent[] = [];
    const record: HookFunction = (event) => {
      events.push(event);
    };
    const model = mockModel(toolCallParts({ toolName: 'weather', input: { city: 'Oslo' } }), textParts('Cold.'));
    const server = createAgentServer({
      tools: { weather },
      hooks: { record },
      agents: {
        assistant: {
          model,
          tools: ['weather'],
          hooks: { onStart: ['record'], onStepStart: ['record'], onToolCallStart: ['record'], onToolCallFinish: ['record'], onStepFinish: ['record'] },
        },
      },
      authenticate: () => ({ id: 'u-1' }),
      logger: recordingLogger(),
    });
    await readChunks(await server.fetch(chatRequest({ messages: [userMessage('weather?')], pageId: 'p', conversationId: 'c-1' })));
    const ctx = { agentId: 'assistant', conversationId: 'c-1', userId: 'u-1', pageId: 'p', urlQuery: undefined, sharedState: undefined };
    expect(events.map((e) => e.hook)).toEqual(['onStart', 'onStepStart', 'onToolCallStart', 'onToolCallFinish', 'onStepFinish', 'onStepStart', 'onStepFinish']);
    expect(events[0]).toEqual({ ...ctx, hook: 'onStart' });
    expect(events[1]).toEqual({ ...ctx, hook: 'onStepStart', stepNumber: 1 });
    expect(events[2]).toEqual({ ...ctx, hook: 'onToolCallStart', toolCallId: 'call-1', toolName: 'weather', input: { city: 'Oslo' } });
    expect(events[3]).toEqual({ ...ctx, hook: 'onToolCallFinish', toolCallId: 'call-1', toolName: 'weather', input: { city: 'Oslo' }, output: { city: 'Oslo', tempC: 20 }, durationMs: expect.any(Number) });
    expect(events[4]).toMatchObject({ hook: 'onStepFinish', stepNumber: 1, finishReason: 'tool-calls', toolCalls: [{ toolName: 'weather' }], toolResults: [{ output: { city: 'Oslo', tempC: 20 } }] });
    expect(events[6]).toMatchObject({ hook: 'onStepFinish', stepNumber: 2, text: 'Cold.', finishReason: 'stop' });
    for (const e of events) {
      expect(e).not.toHaveProperty('messages');
      expect(Object.values(e).some((v) => typeof v === 'function' || v instanceof AbortSignal)).toBe(false);
    }
  });

  it('never lets a failing fire-and-forget hook break the turn (thrown or rejected); failures are logged', async () => {
    const logger = recordingLogger();
    const model = mockModel(textParts('Fine.'));
    const server = createAgentServer({
      hooks: {
        throws: () => {
          throw new Error('sync boom');
        },
        rejects: async () => Promise.reject(new Error('async boom')),
      },
      agents: { assistant: { model, hooks: { onStart: ['throws', 'rejects'], onStepStart: ['throws'], onStepFinish: ['rejects'] } } },
      logger,
    });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('hi')] })));
    expect(textOf(chunks)).toBe('Fine.');
    await new Promise((r) => setTimeout(r, 10));
    expect(logger.records.filter((r) => r.level === 'error').map((r) => r.message)).toEqual(
      expect.arrayContaining(['hook "throws" (onStart) failed', 'hook "rejects" (onStart) failed', 'hook "throws" (onStepStart) failed', 'hook "rejects" (onStepFinish) failed']),
    );
  });

  it('awaits onFinish hooks in order with the full payload and writes their dataParts before finish', async () => {
    const order: string[] = [];
    let payload: FinishHookEvent | undefined;
    const model = mockModel(toolCallParts({ toolName: 'weather', input: { city: 'Rome' } }), textParts('Warm in Rome.'));
    const logger = recordingLogger();
    const server = createAgentServer({
      tools: { weather },
      hooks: {
        first: async (event) => {
          await new Promise((r) => setTimeout(r, 30));
          order.push('first');
          payload = event as FinishHookEvent;
          return { dataParts: [{ type: SUGGESTIONS_PART, data: { items: ['And tomorrow?'] } }] };
        },
        broken: () => {
          order.push('broken');
          throw new Error('nope');
        },
        last: () => {
          order.push('last');
          return { dataParts: [{ type: 'data-audit', data: { ok: true } }] };
        },
      },
      agents: { assistant: { model, tools: ['weather'], hooks: { onFinish: ['first', 'broken', 'last'] } } },
      authenticate: () => ({ id: 'u-2' }),
      logger,
    });
    const user = userMessage('weather in Rome', 'u-msg');
    const chunks = await readChunks(
      await server.fetch(chatRequest({ messages: [user], conversationId: 'c-7', pageId: 'home', urlQuery: { q: 'x' }, sharedState: { unit: 'C' } })),
    );
    expect(order).toEqual(['first', 'broken', 'last']);
    expect(logger.records).toContainEqual({ level: 'error', message: 'hook "broken" (onFinish) failed', meta: { agentId: 'assistant', error: 'nope' } });

    const types = chunks.map((c) => c.type);
    expect(types.slice(-3)).toEqual([SUGGESTIONS_PART, 'data-audit', 'finish']);
    expect(chunksOf(chunks, SUGGESTIONS_PART)[0]).toEqual({ type: SUGGESTIONS_PART, data: { items: ['And tomorrow?'] } });

    const p = payload!;
    expect(p).toMatchObject({ hook: 'onFinish', agentId: 'assistant', conversationId: 'c-7', userId: 'u-2', pageId: 'home', urlQuery: { q: 'x' }, sharedState: { unit: 'C' }, isAborted: false, finishReason: 'stop' });
    expect(p.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(p.messages[0]!.id).toBe('u-msg');
    const reply = p.messages[1]!;
    expect(reply.id).toMatch(/^msg-/);
    expect(p.responseMessage.id).toBe(reply.id);
    expect(chunksOf(chunks, 'start')[0]).toMatchObject({ messageId: reply.id });
    expect(reply.parts.map((part) => part.type)).toEqual(['step-start', 'tool-weather', 'step-start', 'text']);
    expect(p.steps.map((s) => [s.stepNumber, s.finishReason, s.text])).toEqual([
      [1, 'tool-calls', ''],
      [2, 'stop', 'Warm in Rome.'],
    ]);
    expect(p.toolResults).toEqual([{ toolCallId: 'call-1', toolName: 'weather', input: { city: 'Rome' }, output: { city: 'Rome', tempC: 20 } }]);
    expect(p.usage).toMatchObject({ inputTokens: 20, outputTokens: 10, totalTokens: 30 });
  });

  it('runs onFinish with isAborted and the partial reply when the client disconnects', async () => {
    let payload: FinishHookEvent | undefined;
    const { model, started } = stallingModel('Partial answ');
    const server = createAgentServer({
      hooks: { save: (event) => void (payload = event as FinishHookEvent) },
      agents: { assistant: { model, hooks: { onFinish: ['save'] } } },
      logger: recordingLogger(),
    });
    const controller = new AbortController();
    const response = await server.fetch(
      new Request('http://localhost/api/agent/assistant', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [userMessage('long question')] }),
        signal: controller.signal,
      }),
    );
    const reader = response.body!.getReader();
    await started;
    await readUntil(reader, 'Partial answ');
    controller.abort();
    await reader.cancel();
    const deadline = Date.now() + 5_000;
    while (!payload && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(payload).toBeDefined();
    expect(payload!.isAborted).toBe(true);
    expect(payload!.responseMessage.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Partial answ' }));
    expect(payload!.messages.at(-1)!.id).toBe(payload!.responseMessage.id);
    // the model call was aborted
    expect(model.doStreamCalls[0]!.abortSignal?.aborted).toBe(true);
  });

  it('counts a body-cancel alone (no request signal) as a disconnect', async () => {
    let payload: FinishHookEvent | undefined;
    const { model, started } = stallingModel('Half');
    const server = createAgentServer({
      hooks: { save: (event) => void (payload = event as FinishHookEvent) },
      agents: { assistant: { model, hooks: { onFinish: ['save'] } } },
      logger: recordingLogger(),
    });
    const response = await server.fetch(chatRequest({ messages: [userMessage('q')] }));
    const reader = response.body!.getReader();
    await started;
    await reader.cancel();
    const deadline = Date.now() + 5_000;
    while (!payload && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(payload?.isAborted).toBe(true);
  });
});
