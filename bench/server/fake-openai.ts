/**
 * A loopback fake of OpenAI's Chat Completions streaming API (V2), its own process
 * (`node fake-openai.ts`), so its CPU is not counted in the measured process.
 *
 * `POST /{tokens}/{intervalMs}/v1/chat/completions` answers with the SSE bytes OpenAI sends for a
 * streamed chat completion (same fields and order as a recorded gpt-4o-mini stream with
 * `stream_options.include_usage`): a role chunk, one chunk per token — each written on its own at
 * `intervalMs` (drift-free; 10 ms = 100 tok/s) — a `finish_reason` chunk, a usage chunk and
 * `[DONE]`. Clients point a provider package at `http://127.0.0.1:{port}/{tokens}/{intervalMs}/v1`.
 *
 * Prints `{"port":N}` when listening; exits when stdin closes or after 30 minutes. 127.0.0.1 only.
 */
import { createServer } from 'node:http';
import { serveAsChild } from './child-server.ts';

const WORDS = [' the', ' stream', ' of', ' tokens', ' arrives', ' at', ' a', ' steady', ' pace', ',', ' and', ' each', ' one', ' is', ' short', '.'];
const MAX_TOKENS = 100_000;
let served = 0;

/** A short random padding string like OpenAI's `obfuscation` field (it varies the chunk sizes). */
function padding(): string {
  return Math.random().toString(36).slice(2, 2 + 1 + Math.floor(Math.random() * 10));
}

function chunk(id: string, created: number, model: string, fields: Record<string, unknown>): string {
  return `data: ${JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    service_tier: 'default',
    system_fingerprint: 'fp_560af6e559',
    ...fields,
    obfuscation: padding(),
  })}\n\n`;
}

const server = createServer((req, res) => {
  const match = /^\/(\d+)\/(\d+)\/v1\/chat\/completions$/.exec(req.url ?? '');
  if (req.method !== 'POST' || !match) {
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
    return;
  }
  const tokens = Math.min(MAX_TOKENS, Number(match[1]));
  const intervalMs = Number(match[2]);
  let raw = '';
  req.setEncoding('utf8');
  req.on('data', (d: string) => (raw += d));
  req.on('end', () => {
    const request = JSON.parse(raw) as { model?: string; stream?: boolean };
    const model = request.model === 'gpt-4o-mini' ? 'gpt-4o-mini-2024-07-18' : (request.model ?? 'unknown');
    const id = `chatcmpl-B${(served++).toString(36).padStart(28, '0')}`;
    const created = Math.floor(Date.now() / 1000);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-request-id': `req_${id.slice(9)}`,
      'openai-processing-ms': '112',
    });
    res.write(chunk(id, created, model, { choices: [{ index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null }], usage: null }));
    const start = performance.now();
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    const next = () => {
      if (res.destroyed) return;
      if (i < tokens) {
        const content = WORDS[i % WORDS.length] as string;
        res.write(chunk(id, created, model, { choices: [{ index: 0, delta: { content }, logprobs: null, finish_reason: null }], usage: null }));
        i++;
        const wait = intervalMs > 0 ? start + i * intervalMs - performance.now() : 0;
        if (wait > 0) timer = setTimeout(next, wait);
        else setImmediate(next);
        return;
      }
      res.write(chunk(id, created, model, { choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }], usage: null }));
      res.write(
        chunk(id, created, model, {
          choices: [],
          usage: {
            prompt_tokens: 9,
            completion_tokens: tokens,
            total_tokens: 9 + tokens,
            prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
            completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
          },
        }),
      );
      res.end('data: [DONE]\n\n');
    };
    res.on('close', () => clearTimeout(timer));
    next();
  });
});
serveAsChild(server);
