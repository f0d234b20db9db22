// A Mastra agent served over AG-UI (@ag-ui/mastra), on a scripted mock model: no API key, and nothing
// leaves the machine (Mastra's usage telemetry is off). `POST /api/ag-ui` takes a RunAgentInput and
// answers AG-UI events as SSE. Run: `node server.ts` (AG_UI_API_PORT, default 8814).
import { createServer } from 'node:http';
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';

process.env.MASTRA_TELEMETRY_DISABLED = '1';

const [{ Agent }, { createTool }, { Mastra }, { InMemoryStore }, { MastraAgent }, { RunAgentInputSchema }, { EventEncoder }, { MockLanguageModelV4, simulateReadableStream }, { z }] =
  await Promise.all([
    import('@mastra/core/agent'),
    import('@mastra/core/tools'),
    import('@mastra/core/mastra'),
    import('@mastra/core/storage'),
    import('@ag-ui/mastra'),
    import('@ag-ui/core/schemas'),
    import('@ag-ui/encoder'),
    import('ai/test'),
    import('zod'),
  ]);

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };

/** A reply in a few words, streamed like a model would. */
function say(text: string): LanguageModelV4StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 'text' },
    ...text.split(/(?<= )/).map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 'text', delta })),
    { type: 'text-end', id: 'text' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  ];
}

function use(toolName: string, input: unknown): LanguageModelV4StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'tool-call', toolCallId: `${toolName}-${Date.now()}`, toolName, input: JSON.stringify(input) },
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_use' }, usage },
  ];
}

/** The scripted model: the tool the user's words ask for, then a sentence about its result. */
function script({ prompt }: LanguageModelV4CallOptions): LanguageModelV4StreamPart[] {
  const asked = JSON.stringify(prompt.findLast((m: LanguageModelV4CallOptions['prompt'][number]) => m.role === 'user')?.content ?? '').toLowerCase();
  const answered = prompt.at(-1)?.role === 'tool';
  if (asked.includes('weather')) return answered ? say('It is 21 °C and sunny in Oslo.') : use('weather', { city: 'Oslo' });
  if (asked.includes('close')) return answered ? say('The ticket is closed.') : use('updateWorkingMemory', { memory: { status: 'closed' } });
  if (asked.includes('delete')) {
    if (!answered) return use('deleteRecord', { id: 7 });
    // What the tool answered: `{ deleted: 7 }` once approved, `{ deleted: null }` once refused.
    const result = JSON.stringify(prompt.at(-1)?.content ?? '');
    return say(result.includes('"deleted":7') ? 'Record 7 is deleted.' : 'Record 7 was not deleted: you rejected it.');
  }
  return say('Hello! Ask me about the weather, to close the ticket, or to delete record 7.');
}

const model = new MockLanguageModelV4({
  doStream: async (options) => ({ stream: simulateReadableStream({ chunks: script(options), initialDelayInMs: 50, chunkDelayInMs: 30 }) }),
});

const weather = createTool({
  id: 'weather',
  description: 'The weather of a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, tempC: 21, sky: 'sunny' }),
});
const deleteRecord = createTool({
  id: 'deleteRecord',
  description: 'Deletes a record; the user approves first',
  inputSchema: z.object({ id: z.number() }),
  suspendSchema: z.object({ question: z.string() }),
  resumeSchema: z.object({ approved: z.boolean() }),
  execute: async ({ id }, ctx) => {
    const answer = ctx?.agent?.resumeData as { approved?: boolean } | undefined;
    if (!answer) return ctx?.agent?.suspend({ question: `Delete record ${id}?` });
    // Only an explicit approval deletes (the kit's client sends `{ approved: true | false, reason? }`).
    return answer.approved === true ? { deleted: id } : { deleted: null };
  },
});
// @ag-ui/mastra turns the arguments of this tool into AG-UI state (STATE_SNAPSHOT / STATE_DELTA).
const updateWorkingMemory = createTool({
  id: 'updateWorkingMemory',
  description: 'Changes the ticket the user is looking at',
  inputSchema: z.object({ memory: z.record(z.string(), z.unknown()) }),
  execute: async () => ({ ok: true }),
});

// Mastra's model type wants doGenerate to return a stream result (its own V4 alias); the mock works as it is.
const desk = new Agent({ id: 'desk', name: 'Desk', instructions: 'You help with tickets.', model: model as never, tools: { weather, deleteRecord, updateWorkingMemory } });
const mastra = new Mastra({ agents: { desk }, storage: new InMemoryStore(), logger: false });

const port = Number(process.env.AG_UI_API_PORT ?? 8814);
createServer(async (req, res) => {
  if (req.method !== 'POST' || req.url !== '/api/ag-ui') {
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'not_found', message: 'POST /api/ag-ui' } }));
    return;
  }
  let body = '';
  for await (const chunk of req) body += String(chunk);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'bad_json', message: 'Send JSON.' } }));
    return;
  }
  const input = RunAgentInputSchema.safeParse(json);
  if (!input.success) {
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'invalid_body', message: 'Not a RunAgentInput.', issues: input.error.issues } }));
    return;
  }
  const encoder = new EventEncoder();
  res.writeHead(200, { 'content-type': encoder.getContentType(), 'cache-control': 'no-cache' });
  const agent = new MastraAgent({ agent: mastra.getAgent('desk'), resourceId: 'demo-user' });
  const subscription = agent.run(input.data).subscribe({
    next: (event) => res.write(encoder.encodeSSE(event)),
    error: (error: unknown) => {
      res.write(encoder.encodeSSE({ type: 'RUN_ERROR', message: error instanceof Error ? error.message : String(error) } as Parameters<typeof encoder.encodeSSE>[0]));
      res.end();
    },
    complete: () => res.end(),
  });
  res.on('close', () => subscription.unsubscribe());
}).listen(port, '127.0.0.1', () => console.log(`AG-UI Mastra agent on http://127.0.0.1:${port}/api/ag-ui`));
