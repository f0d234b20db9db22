import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake provider received (body parsed as JSON). */
export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse`. */
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** What the fake answers: text deltas, optionally preceded by reasoning deltas. */
export interface FakeReply {
  text: string[];
  reasoning?: string[];
}

export type FakeProviderKind = 'anthropic' | 'openai' | 'openai-chat' | 'google' | 'gateway';

/** A local stand-in for a provider's streaming HTTP API, on 127.0.0.1. */
export interface FakeProvider {
  /** Pass as the connection's `baseURL` (has the provider's usual version prefix). */
  baseURL: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

type SseEvent = { event?: string; data: unknown };

const PREFIX: Record<FakeProviderKind, string> = { anthropic: '/v1', openai: '/v1', 'openai-chat': '/v1', google: '/v1beta', gateway: '/v4/ai' };

/** The endpoint each provider package streams from (what the fake answers; anything else is a 404). */
function expectedPath(kind: FakeProviderKind, url: string): boolean {
  switch (kind) {
    case 'anthropic':
      return url === '/v1/messages';
    case 'openai':
      return url === '/v1/responses';
    case 'openai-chat':
      return url === '/v1/chat/completions';
    case 'google':
      return /^\/v1beta\/models\/[^/:]+:streamGenerateContent\?alt=sse$/.test(url);
    case 'gateway':
      return url === '/v4/ai/language-model';
  }
}

/**
 * Starts a fake of `kind`'s streaming API that answers every request with `reply` as real-shaped
 * SSE bytes (Anthropic messages events, OpenAI Responses events, Gemini `alt=sse` chunks, AI
 * Gateway v4 stream parts), recording what it was sent. Close it in `afterEach`.
 */
export async function startFakeProvider(kind: FakeProviderKind, reply: FakeReply): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    void handle(req, res);
  });
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = req.url ?? '/';
    requests.push({ method: req.method ?? '', url, headers: req.headers, body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {} });
    if (req.method !== 'POST' || !expectedPath(kind, url)) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `fake ${kind}: no route ${url}` } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const e of EVENTS[kind](reply)) {
      res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`);
      await new Promise((r) => setImmediate(r)); // separate network writes, like a real stream
    }
    if (kind === 'openai' || kind === 'openai-chat') res.write('data: [DONE]\n\n');
    res.end();
  }
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}${PREFIX[kind]}`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const EVENTS: Record<FakeProviderKind, (reply: FakeReply) => SseEvent[]> = {
  anthropic: ({ text, reasoning }) => {
    const blocks: SseEvent[] = [];
    let index = 0;
    if (reasoning?.length) {
      blocks.push(
        { event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } } },
        ...reasoning.map((thinking) => ({
          event: 'content_block_delta',
          data: { type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking } },
        })),
        { event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: 'sig-1' } } },
        { event: 'content_block_stop', data: { type: 'content_block_stop', index } },
      );
      index++;
    }
    blocks.push(
      { event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } } },
      { event: 'ping', data: { type: 'ping' } },
      ...text.map((t) => ({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'text_delta', text: t } } })),
      { event: 'content_block_stop', data: { type: 'content_block_stop', index } },
    );
    return [
      {
        event: 'message_start',
        data: {
          type: 'message_start',
          message: {
            id: 'msg_fake_1',
            type: 'message',
            role: 'assistant',
            model: 'claude-sonnet-4-5-20250929',
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 12, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 },
          },
        },
      },
      ...blocks,
      {
        event: 'message_delta',
        data: { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 9 } },
      },
      { event: 'message_stop', data: { type: 'message_stop' } },
    ];
  },

  openai: ({ text, reasoning }) => {
    const created = 1_763_000_000;
    const response = { id: 'resp_fake_1', object: 'response', created_at: created, model: 'gpt-5-2025-08-07', service_tier: 'default' };
    const events: SseEvent[] = [
      { event: 'response.created', data: { type: 'response.created', sequence_number: 0, response: { ...response, status: 'in_progress', output: [] } } },
      { event: 'response.in_progress', data: { type: 'response.in_progress', sequence_number: 1, response: { ...response, status: 'in_progress', output: [] } } },
    ];
    let output = 0;
    if (reasoning?.length) {
      const item = { id: 'rs_fake_1', type: 'reasoning', summary: [] as unknown[] };
      events.push(
        { event: 'response.output_item.added', data: { type: 'response.output_item.added', output_index: output, item } },
        { event: 'response.reasoning_summary_part.added', data: { type: 'response.reasoning_summary_part.added', item_id: item.id, output_index: output, summary_index: 0, part: { type: 'summary_text', text: '' } } },
        ...reasoning.map((delta) => ({
          event: 'response.reasoning_summary_text.delta',
          data: { type: 'response.reasoning_summary_text.delta', item_id: item.id, output_index: output, summary_index: 0, delta },
        })),
        { event: 'response.reasoning_summary_part.done', data: { type: 'response.reasoning_summary_part.done', item_id: item.id, output_index: output, summary_index: 0, part: { type: 'summary_text', text: reasoning.join('') } } },
        { event: 'response.output_item.done', data: { type: 'response.output_item.done', output_index: output, item: { ...item, summary: [{ type: 'summary_text', text: reasoning.join('') }] } } },
      );
      output++;
    }
    const message = { id: 'msg_fake_1', type: 'message', role: 'assistant', status: 'in_progress', content: [] as unknown[] };
    events.push(
      { event: 'response.output_item.added', data: { type: 'response.output_item.added', output_index: output, item: message } },
      { event: 'response.content_part.added', data: { type: 'response.content_part.added', item_id: message.id, output_index: output, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } } },
      ...text.map((delta) => ({
        event: 'response.output_text.delta',
        data: { type: 'response.output_text.delta', item_id: message.id, output_index: output, content_index: 0, delta, logprobs: [] },
      })),
      { event: 'response.output_text.done', data: { type: 'response.output_text.done', item_id: message.id, output_index: output, content_index: 0, text: text.join(''), logprobs: [] } },
      { event: 'response.content_part.done', data: { type: 'response.content_part.done', item_id: message.id, output_index: output, content_index: 0, part: { type: 'output_text', text: text.join(''), annotations: [] } } },
      {
        event: 'response.output_item.done',
        data: { type: 'response.output_item.done', output_index: output, item: { ...message, status: 'completed', content: [{ type: 'output_text', text: text.join(''), annotations: [] }] } },
      },
      {
        event: 'response.completed',
        data: {
          type: 'response.completed',
          response: {
            ...response,
            status: 'completed',
            usage: {
              input_tokens: 12,
              input_tokens_details: { cached_tokens: 0 },
              output_tokens: 9,
              output_tokens_details: { reasoning_tokens: 3 },
              total_tokens: 21,
            },
          },
        },
      },
    );
    return events.map((e, i) => ({ ...e, data: { ...(e.data as object), sequence_number: i } }));
  },

  'openai-chat': ({ text, reasoning }) => {
    const base = { id: 'chatcmpl-fake-1', object: 'chat.completion.chunk', created: 1_763_000_000, model: 'gpt-4o-2024-08-06', system_fingerprint: 'fp_fake' };
    const choice = (delta: Record<string, unknown>, finish: string | null = null) => ({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
    return [
      { data: choice({ role: 'assistant', content: '', refusal: null }) },
      ...(reasoning ?? []).map((r) => ({ data: choice({ reasoning_content: r }) })),
      ...text.map((content) => ({ data: choice({ content }) })),
      { data: choice({}, 'stop') },
      { data: { ...base, choices: [], usage: { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 } } },
    ];
  },

  google: ({ text, reasoning }) => {
    const parts = [
      ...(reasoning ?? []).map((t) => ({ text: t, thought: true })),
      ...text.map((t) => ({ text: t })),
    ];
    return parts.map((part, i) => ({
      data: {
        candidates: [
          {
            content: { parts: [part], role: 'model' },
            index: 0,
            ...(i === parts.length - 1 ? { finishReason: 'STOP' } : {}),
          },
        ],
        usageMetadata: { promptTokenCount: 12, candidatesTokenCount: i + 1, totalTokenCount: 13 + i },
        modelVersion: 'gemini-2.5-pro',
        responseId: 'resp-fake-1',
      },
    }));
  },

  gateway: ({ text, reasoning }) => [
    { data: { type: 'stream-start', warnings: [] } },
    { data: { type: 'response-metadata', id: 'gen_fake_1', modelId: 'anthropic/claude-sonnet-4.5', timestamp: new Date(0).toISOString() } },
    ...(reasoning?.length
      ? [
          { data: { type: 'reasoning-start', id: 'r1' } },
          ...reasoning.map((delta) => ({ data: { type: 'reasoning-delta', id: 'r1', delta } })),
          { data: { type: 'reasoning-end', id: 'r1' } },
        ]
      : []),
    { data: { type: 'text-start', id: 't1' } },
    ...text.map((delta) => ({ data: { type: 'text-delta', id: 't1', delta } })),
    { data: { type: 'text-end', id: 't1' } },
    {
      data: {
        type: 'finish',
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 12, noCache: 12, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 9, text: 9, reasoning: 0 },
        },
      },
    },
  ],
};
