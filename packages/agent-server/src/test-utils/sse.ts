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

/** One SSE event: its `id:` (if any) and its `data:` text. */
export interface SseEvent {
  id: string | undefined;
  data: string;
}

/**
 * Reads a response's SSE events one at a time (`next()` → the next event, `null` after `[DONE]` or
 * the end of the body); `cancel()` goes away like a closed tab.
 */
export function sseEvents(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  return {
    async next(): Promise<SseEvent | null> {
      for (;;) {
        const cut = buffer.indexOf('\n\n');
        if (cut >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | undefined;
          let data = '';
          for (const line of frame.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data = line.slice(6);
          }
          if (data === '[DONE]') {
            done = true;
            return null;
          }
          return { id, data };
        }
        if (done) return null;
        const step = await reader.read();
        if (step.done) {
          done = true;
          return null;
        }
        buffer += decoder.decode(step.value, { stream: true });
      }
    },
    /** Every remaining event up to `[DONE]`. */
    async rest(): Promise<SseEvent[]> {
      const events: SseEvent[] = [];
      for (let event = await this.next(); event; event = await this.next()) events.push(event);
      return events;
    },
    async take(count: number): Promise<SseEvent[]> {
      const events: SseEvent[] = [];
      while (events.length < count) {
        const event = await this.next();
        if (!event) break;
        events.push(event);
      }
      return events;
    },
    cancel: () => reader.cancel(),
  };
}
