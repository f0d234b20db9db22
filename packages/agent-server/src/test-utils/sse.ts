import type { UIMessageChunk } from 'ai';

/** Reads an SSE UI message stream Response into its chunks (stops at `[DONE]`). */
export async function readChunks(response: Response): Promise<UIMessageChunk[]> {
  const text = await response.text();
  const chunks: UIMessageChunk[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    const data = line.slice(6);
    if (data === '[DONE]') break;
    chunks.push(JSON.parse(data) as UIMessageChunk);
  }
  return chunks;
}

/** The streamed text of a chunk list. */
export function textOf(chunks: UIMessageChunk[]): string {
  return chunks.map((c) => (c.type === 'text-delta' ? c.delta : '')).join('');
}

export function userMessage(text: string, id = `u-${Math.random().toString(36).slice(2)}`) {
  return { id, role: 'user' as const, parts: [{ type: 'text' as const, text }] };
}

export function chatRequest(body: unknown, init: { path?: string; method?: string; headers?: Record<string, string> } = {}): Request {
  return new Request(`http://localhost${init.path ?? '/api/agent/assistant'}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    ...(init.method === 'GET' ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}
