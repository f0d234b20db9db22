import { APICallError } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createAgentServer } from '../server.js';
import type { AgentServerConfig } from '../config/types.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { chunksOf, failingParts, recordingLogger, toolCallParts } from '../test-utils/model-parts.js';
import { chatRequest, readChunks, textOf, userMessage } from '../test-utils/sse.js';

async function send(config: Omit<AgentServerConfig, 'logger'>, logger = recordingLogger()) {
  const server = createAgentServer({ ...config, logger });
  return readChunks(await server.fetch(chatRequest({ messages: [userMessage('go')] })));
}

describe('limits: per-tool timeout and result cap', () => {
  it('fails a tool that runs past toolTimeoutMs with a timeout error the model and the UI see, and aborts its signal', async () => {
    let signal: AbortSignal | undefined;
    const model = mockModel(toolCallParts({ toolName: 'slow', input: {} }), textParts('It timed out.'));
    const chunks = await send({
      tools: {
        slow: {
          description: 'Slow',
          inputSchema: z.object({}),
          execute: (_input, ctx) => {
            signal = ctx.abortSignal;
            return new Promise(() => {});
          },
        },
      },
      agents: { assistant: { model, tools: ['slow'] } },
      limits: { toolTimeoutMs: 50 },
    });
    expect(chunksOf(chunks, 'tool-output-error')[0]).toMatchObject({ toolCallId: 'call-1', errorText: expect.stringContaining('Tool "slow" timed out after 50 ms.') });
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt)).toContain('timed out after 50 ms');
    expect(signal?.aborted).toBe(true);
    expect(textOf(chunks)).toBe('It timed out.');
  });

  it('times a tool out after 30 s by default', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const model = mockModel(toolCallParts({ toolName: 'slow', input: {} }), textParts('ok'));
      const server = createAgentServer({
        tools: { slow: { description: 'Slow', inputSchema: z.object({}), execute: () => new Promise(() => {}) } },
        agents: { assistant: { model, tools: ['slow'] } },
        logger: recordingLogger(),
      });
      const reading = server.fetch(chatRequest({ messages: [userMessage('go')] })).then(readChunks);
      void reading.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(29_990);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(20);
      const chunks = await reading;
      expect(chunksOf(chunks, 'tool-output-error')[0]!.errorText).toContain('timed out after 30000 ms');
    } finally {
      vi.useRealTimers();
    }
  });

  it('caps results at 50,000 characters by default', async () => {
    const model = mockModel(toolCallParts({ toolName: 'dump', input: {} }), textParts('ok'));
    const chunks = await send({
      tools: { dump: { description: 'Dump', inputSchema: z.object({}), execute: () => 'y'.repeat(60_000) } },
      agents: { assistant: { model, tools: ['dump'] } },
    });
    expect(chunksOf(chunks, 'tool-output-available')[0]!.output).toBe(`${'y'.repeat(50_000)}\n\n[Result truncated: showing the first 50000 of 60000 characters.]`);
  });

  it('cuts a result longer than toolResultMaxChars, with a notice naming the sizes', async () => {
    const model = mockModel(toolCallParts({ toolName: 'dump', input: {} }), textParts('ok'));
    const chunks = await send({
      tools: { dump: { description: 'Dump', inputSchema: z.object({}), execute: () => 'x'.repeat(500) } },
      agents: { assistant: { model, tools: ['dump'] } },
      limits: { toolResultMaxChars: 100 },
    });
    const expected = `${'x'.repeat(100)}\n\n[Result truncated: showing the first 100 of 500 characters.]`;
    expect(chunksOf(chunks, 'tool-output-available')[0]!.output).toBe(expected);
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt)).toContain('showing the first 100 of 500 characters');
  });

  it('measures object results by their JSON and leaves small results untouched', async () => {
    const model = mockModel(toolCallParts({ toolName: 'big', input: {} }, { toolName: 'small', input: {}, id: 'call-2' }), textParts('ok'));
    const chunks = await send({
      tools: {
        big: { description: 'Big', inputSchema: z.object({}), execute: () => ({ rows: Array.from({ length: 50 }, (_, i) => i) }) },
        small: { description: 'Small', inputSchema: z.object({}), execute: () => ({ ok: true }) },
      },
      agents: { assistant: { model, tools: ['big', 'small'] } },
      limits: { toolResultMaxChars: 40 },
    });
    const outputs = chunksOf(chunks, 'tool-output-available');
    expect(outputs[0]!.output).toMatch(/^\{"rows":\[0,1,2,.*\n\n\[Result truncated: showing the first 40 of \d+ characters\.\]$/s);
    expect(outputs[1]!.output).toEqual({ ok: true });
  });
});

describe('faults', () => {
  it('stops the turn with a clear error part when the same tool is called with the same input 3 times in a row', async () => {
    let runs = 0;
    const same = () => toolCallParts({ toolName: 'search', input: { q: 'same', page: 1 } });
    const model = mockModel(same(), same(), same(), textParts('never'));
    const chunks = await send({
      tools: { search: { description: 'Search', inputSchema: z.object({ q: z.string(), page: z.number() }), execute: () => ++runs } },
      agents: { assistant: { model, tools: ['search'] } },
    });
    expect(runs).toBe(2);
    expect(model.doStreamCalls).toHaveLength(3);
    expect(chunksOf(chunks, 'error')).toEqual([{ type: 'error', errorText: 'Stopped: the agent called "search" with the same input 3 times in a row.' }]);
    expect(chunks.at(-1)!.type).toBe('finish');
  });

  it('does not count calls with different inputs as a loop', async () => {
    let runs = 0;
    const call = (page: number) => toolCallParts({ toolName: 'search', input: { q: 'x', page } });
    const model = mockModel(call(1), call(2), call(1), call(1), textParts('done'));
    const chunks = await send({
      tools: { search: { description: 'Search', inputSchema: z.object({ q: z.string(), page: z.number() }), execute: () => ++runs } },
      agents: { assistant: { model, tools: ['search'] } },
    });
    expect(runs).toBe(4);
    expect(chunksOf(chunks, 'error')).toEqual([]);
    expect(textOf(chunks)).toBe('done');
  });

  it('turns a model error mid-stream into an error part with a safe message', async () => {
    const logger = recordingLogger();
    const model = mockModel(failingParts('Half an ans', new Error('connect ECONNREFUSED 10.0.0.3:443 key=sk-secret')));
    const chunks = await send({ agents: { assistant: { model } } }, logger);
    expect(textOf(chunks)).toBe('Half an ans');
    const errors = chunksOf(chunks, 'error');
    expect(errors).toEqual([{ type: 'error', errorText: 'The agent failed to answer. Try again.' }]);
    expect(JSON.stringify(chunks)).not.toContain('sk-secret');
    expect(logger.records.some((r) => r.level === 'error' && r.message === 'model stream failed')).toBe(true);
  });

  it('answers a model call that fails before streaming with a safe error part, and onFinish still runs', async () => {
    const finished: unknown[] = [];
    const logger = recordingLogger();
    const model = new MockLanguageModelV4({
      doStream: async () => {
        throw new Error('socket hang up token=sk-live-123');
      },
    });
    const server = createAgentServer({
      hooks: { done: (event) => void finished.push(event) },
      agents: { assistant: { model, maxRetries: 0, hooks: { onFinish: ['done'] } } },
      logger,
    });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('go')] })));
    expect(chunksOf(chunks, 'error')).toEqual([{ type: 'error', errorText: 'The agent failed to answer. Try again.' }]);
    expect(JSON.stringify(chunks)).not.toContain('sk-live-123');
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ hook: 'onFinish', isAborted: false });
  });

  it('names a provider status without its body (429 → rate limited)', async () => {
    const error = new APICallError({ message: 'Too many requests', url: 'https://api.example/v1', requestBodyValues: {}, statusCode: 429, responseBody: '{"secret":"x"}', isRetryable: false });
    const model = mockModel(failingParts('', error));
    const chunks = await send({ agents: { assistant: { model, maxRetries: 0 } } });
    expect(chunksOf(chunks, 'error')).toEqual([{ type: 'error', errorText: 'The model provider is rate limiting requests. Try again in a moment.' }]);
  });
});
