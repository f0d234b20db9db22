import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback fake of OpenAI's Chat Completions streaming API (`POST /v1/chat/completions`) that
 * decides its own answers from the request, like a (very small) model: it calls an offered tool the
 * user's words ask for (weather → `getWeather`, delete → `deleteRecord`, echo → an MCP server's
 * `echo`, research → the `researcher` sub-agent), answers from a tool result when the last message is one, and otherwise
 * writes a short reply. Streams real-shaped SSE chunks (role chunk, one chunk per word every
 * `intervalMs`, `finish_reason`, usage, `[DONE]`). Records the headers it was sent.
 */
export interface OpenAIChatFake {
  baseURL: string;
  headers: IncomingMessage['headers'][];
  close(): Promise<void>;
}

type ChatMessage = { role: string; content?: string | { type: string; text?: string }[] | null; tool_calls?: unknown[] };
type ChatRequest = { model?: string; messages: ChatMessage[]; tools?: { function: { name: string } }[] };
type Answer = { text: string; toolCall?: { name: string; arguments: Record<string, unknown> } };

function textOf(m: ChatMessage | undefined): string {
  if (!m?.content) return '';
  return typeof m.content === 'string' ? m.content : m.content.map((p) => p.text ?? '').join('');
}

/** What the fake model says to a request. */
export function fakeAnswer(request: ChatRequest): Answer {
  const last = request.messages.at(-1);
  const tools = new Set((request.tools ?? []).map((t) => t.function.name));
  if (last?.role === 'tool') {
    const result = textOf(last);
    const asked = textOf([...request.messages].reverse().find((m) => m.role === 'user'));
    if (/weather/i.test(asked)) {
      const w = JSON.parse(result) as { city: string; tempC: number; sky: string };
      return { text: `It is ${w.tempC}°C and ${w.sky} in ${w.city} right now.` };
    }
    if (/delete/i.test(asked)) return { text: result.includes('deleted') ? `Done: the tool reports ${result}.` : `The record was not deleted (${result}).` };
    if (/echo/i.test(asked)) return { text: `The echo server said: ${result}` };
    return { text: `The researcher reports: ${result}` };
  }
  const asked = textOf(last);
  if (tools.has('getWeather') && /weather/i.test(asked)) {
    return { text: 'Let me look that up.', toolCall: { name: 'getWeather', arguments: { city: /\bin ([A-Z][a-z]+)/.exec(asked)?.[1] ?? 'Paris' } } };
  }
  if (tools.has('deleteRecord') && /delete/i.test(asked)) {
    return { text: '', toolCall: { name: 'deleteRecord', arguments: { id: Number(/\d+/.exec(asked)?.[0] ?? 1) } } };
  }
  if (tools.has('echo') && /echo/i.test(asked)) {
    return { text: 'Asking the echo server.', toolCall: { name: 'echo', arguments: { message: asked.replace(/^.*?echo\s*/i, '') || asked } } };
  }
  if (tools.has('researcher') && /research/i.test(asked)) {
    return { text: 'I will ask the researcher.', toolCall: { name: 'researcher', arguments: { task: asked } } };
  }
  if (tools.size === 0) return { text: `Three facts about ${asked.replace(/^.*?\b(of|about)\s+/i, '')}: it is old, it is everywhere, and it still changes.` };
  return { text: 'I can check the weather, delete records and ask a researcher.' };
}

export async function startOpenAIChatFake(options: { intervalMs?: number } = {}): Promise<OpenAIChatFake> {
  const intervalMs = options.intervalMs ?? 2;
  const headers: IncomingMessage['headers'][] = [];
  let served = 0;
  const server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    headers.push(req.headers);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${req.url}` } }));
      return;
    }
    const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
    const answer = fakeAnswer(request);
    const id = `chatcmpl-fake${(served++).toString().padStart(4, '0')}`;
    const model = request.model ?? 'gpt-4o-mini';
    const send = (fields: Record<string, unknown>) =>
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1_767_225_600, model, system_fingerprint: 'fp_fake', ...fields })}\n\n`);
    const pause = () => new Promise((r) => setTimeout(r, intervalMs));
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    send({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    const words = answer.text.match(/\S+\s*/g) ?? [];
    for (const word of words) {
      await pause();
      send({ choices: [{ index: 0, delta: { content: word }, finish_reason: null }] });
    }
    if (answer.toolCall) {
      const args = JSON.stringify(answer.toolCall.arguments);
      send({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: `call_fake${served}`, type: 'function', function: { name: answer.toolCall.name, arguments: '' } }] }, finish_reason: null }] });
      for (const piece of [args.slice(0, Math.ceil(args.length / 2)), args.slice(Math.ceil(args.length / 2))]) {
        await pause();
        send({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: piece } }] }, finish_reason: null }] });
      }
    }
    send({ choices: [{ index: 0, delta: {}, finish_reason: answer.toolCall ? 'tool_calls' : 'stop' }] });
    send({ choices: [], usage: { prompt_tokens: 40 + request.messages.length * 10, completion_tokens: words.length + 5, total_tokens: 45 + request.messages.length * 10 + words.length } });
    res.end('data: [DONE]\n\n');
  }
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    headers,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
