import type { JSONSchema7 } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentServer } from '../server.js';
import { startHttpTestServer } from '../test-utils/http-test-server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { recordingLogger, toolCallParts } from '../test-utils/model-parts.js';
import { chatRequest, readChunks, textOf, userMessage } from '../test-utils/sse.js';
import { registerTestTracing, type TestTracing } from '../test-utils/tracing-sdk.js';

let tracing: TestTracing;
let api: Awaited<ReturnType<typeof startHttpTestServer>>;
beforeAll(async () => {
  tracing = registerTestTracing();
  api = await startHttpTestServer({
    '/weather': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ temp: 21 })),
  });
});
afterAll(async () => {
  await api.close();
  await tracing.shutdown();
});

const cityInput: JSONSchema7 = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

describe('trace propagation to HTTP tools', () => {
  it('sends traceparent on: the API the HTTP tool calls sees the turn’s trace, with the tool call’s span as parent', async () => {
    const model = mockModel(toolCallParts({ toolName: 'weather', input: { city: 'Oslo' } }), textParts('21 degrees.'));
    const server = createAgentServer({
      tools: { weather: { description: 'Weather', inputSchema: cityInput, http: { url: `${api.base}/weather`, query: { city: '{{city}}' } }, allowPrivate: true } },
      agents: { assistant: { model, tools: ['weather'] } },
      logger: recordingLogger(),
    });
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('Weather in Oslo?')] }, { headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } })));
    expect(textOf(chunks)).toBe('21 degrees.');

    const call = tracing.spans().find((s) => s.name === 'execute_tool weather')!;
    expect(call.attributes['x.tool.source']).toBe('http');
    expect(api.received).toHaveLength(1);
    const sent = api.received[0]!.headers.traceparent;
    expect(sent).toBe(`00-${traceId}-${call.spanContext().spanId}-01`);
  });
});
