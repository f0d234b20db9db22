import { context, propagation, trace } from '@opentelemetry/api';
import type { AgentRunRecord } from '@x/agent-protocol/routes';
import { tool } from 'ai';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentServer } from '../server.js';
import { memoryStore } from '../store/memory-store.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { chunksOf, recordingLogger, toolCallParts } from '../test-utils/model-parts.js';
import { readChunks, textOf, userMessage } from '../test-utils/sse.js';
import { startAgentRunTrace } from './agent-span.js';
import { traceModel } from './traced-model.js';
import { traceTool } from './traced-tool.js';

beforeAll(() => {
  // Nothing registered: the API's no-op tracer, context manager and propagator (as in an app without an SDK).
  trace.disable();
  context.disable();
  propagation.disable();
});

describe('without an OpenTelemetry SDK', () => {
  it('runs the turn as before: no span records, models and tools are not wrapped, run records carry no trace id', async () => {
    const lookup = { description: 'Look up', inputSchema: z.object({ q: z.string() }), execute: ({ q }: { q: string }) => ({ found: q }) };
    const model = mockModel(toolCallParts({ toolName: 'lookup', input: { q: 'a' } }), textParts('Found.'));
    const server = createAgentServer({ agents: { assistant: { model, tools: ['lookup'] } }, tools: { lookup }, store: memoryStore(), logger: recordingLogger() });
    const chunks = await readChunks(
      await server.fetch(
        new Request('http://localhost/api/agent/assistant', {
          method: 'POST',
          // No propagator registered: the header is ignored.
          headers: { 'content-type': 'application/json', traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
          body: JSON.stringify({ messages: [userMessage('find a')] }),
        }),
      ),
    );
    expect(textOf(chunks)).toBe('Found.');
    const runId = (chunksOf(chunks, 'start')[0]!.messageMetadata as { runId: string }).runId;
    const record = (await (await server.fetch(new Request(`http://localhost/api/agent/runs/${runId}`))).json()) as AgentRunRecord;
    expect(record.status).toBe('completed');
    expect(record.traceId).toBeUndefined();
  });

  it('builds nothing for tracing: the run span does not record and the model and tools are returned as they are', () => {
    const run = startAgentRunTrace('assistant', 'conv-1');
    const model = mockModel(textParts('x'));
    const lookup = tool({ description: 'd', inputSchema: z.object({}), execute: async () => 'ok' });
    run.run(() => {
      expect(trace.getActiveSpan()?.isRecording() ?? false).toBe(false);
      expect(traceModel(model, { recordInputs: true })).toBe(model);
      expect(traceTool('lookup', 'function', lookup, { recordInputs: true })).toBe(lookup);
    });
    run.end({ record: { snapshot: () => expect.unreachable('the record is read only when the span records') } });
  });
});
