import { UPDATE_PAGE_STATE_TOOL } from '@x/agent-protocol';
import { EventSourceParserStream } from 'eventsource-parser/stream';

/** One thing the inspector saw on the wire, in a run. */
export interface InspectedEvent {
  /** Order within the run (0-based). */
  seq: number;
  /** The SSE event id (the run cursor) when the server sent one. */
  id?: string;
  /** Milliseconds since the run's request was sent. */
  at: number;
  /** The UI chunk type (`text-delta`, `tool-approval-request`, `finish`…) or the inspector's own: `request`, `approval-answer`, `state-write`, `http-error`, `stream-end`. */
  type: string;
  /** The chunk as sent, or what the inspector derived (an approval answer, a shared-state decision…). */
  data: unknown;
}

/** One request of a chat to its server: a turn, a resume of a run, or another route. */
export interface InspectedRun {
  /** The inspector's id of the run (`r1`, `r2`…). */
  key: string;
  kind: 'turn' | 'resume' | 'request';
  method: string;
  url: string;
  /** Epoch milliseconds the request was sent. */
  startedAt: number;
  status?: number;
  /** The server's run id (`x-run-id`), the resume cursor asked for, the trace id when tracing is on. */
  runId?: string;
  cursor?: string;
  traceId?: string;
  /** Token usage when the stream reported it (message metadata `usage`). */
  usage?: unknown;
  /** The request body, parsed. */
  body?: unknown;
  events: InspectedEvent[];
  done: boolean;
}

/** Records what a chat sends and receives: pass its `fetch` to the chat, give it to `<AgentInspector>`. */
export interface Inspector {
  /** A `fetch` that records every request and response (the stream is teed, the chat reads it unchanged). */
  fetch: typeof globalThis.fetch;
  /** The runs so far, oldest first (a new array after each change). */
  runs(): readonly InspectedRun[];
  /** Called after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  clear(): void;
}

/**
 * An inspector wrapping `baseFetch` (default: the global `fetch`). It works with any transport
 * the hooks support that goes through `fetch` (the kit's, a custom `fetch`, `inProcessFetch`).
 */
export function createInspector(options: { fetch?: typeof globalThis.fetch; maxRuns?: number } = {}): Inspector {
  const listeners = new Set<() => void>();
  let runs: InspectedRun[] = [];
  let counter = 0;
  const maxRuns = options.maxRuns ?? 200;
  const changed = () => {
    runs = [...runs];
    for (const l of listeners) l();
  };
  const update = (run: InspectedRun, patch: Partial<InspectedRun>) => {
    const index = runs.findIndex((r) => r.key === run.key);
    if (index < 0) return;
    Object.assign(run, patch);
    runs[index] = { ...run };
    changed();
  };
  const add = (run: InspectedRun, event: Omit<InspectedEvent, 'seq' | 'at'>, at = Date.now()) => {
    run.events = [...run.events, { seq: run.events.length, at: at - run.startedAt, ...event }];
    update(run, {});
  };

  const inspectedFetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url, 'http://localhost');
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : parseJson(await request.clone().text());
    const cursor = request.headers.get('last-event-id') ?? url.searchParams.get('cursor') ?? undefined;
    const kind: InspectedRun['kind'] = url.pathname.endsWith('/stream') ? 'resume' : request.method === 'POST' && isTurnBody(body) ? 'turn' : 'request';
    const run: InspectedRun = { key: `r${++counter}`, kind, method: request.method, url: url.pathname + url.search, startedAt: Date.now(), events: [], done: false, ...(cursor ? { cursor } : {}), ...(body !== undefined ? { body } : {}) };
    runs = [...runs, run].slice(-maxRuns);
    changed();
    for (const event of requestEvents(body)) add(run, event);
    let response: Response;
    try {
      response = await (options.fetch ?? globalThis.fetch)(request);
    } catch (error) {
      add(run, { type: 'network-error', data: { message: error instanceof Error ? error.message : String(error) } });
      update(run, { done: true });
      throw error;
    }
    const traceId = response.headers.get('x-trace-id') ?? traceOf(response.headers.get('traceparent'));
    update(run, { status: response.status, ...(response.headers.get('x-run-id') ? { runId: response.headers.get('x-run-id')! } : {}), ...(traceId ? { traceId } : {}) });
    const type = response.headers.get('content-type') ?? '';
    if (!response.body || !type.includes('text/event-stream')) {
      if (response.status >= 400) {
        const answer = parseJson(await response.clone().text()) as { error?: { code?: string; message?: string } } | undefined;
        add(run, { type: 'http-error', data: { status: response.status, code: answer?.error?.code, message: answer?.error?.message } });
      }
      update(run, { done: true });
      return response;
    }
    const [mine, theirs] = response.body.tee();
    void readEvents(mine, (id, data) => {
      if (data === '[DONE]') return;
      const chunk = parseJson(data) as { type?: string; messageMetadata?: { usage?: unknown; traceId?: string } } | undefined;
      add(run, { ...(id !== undefined ? { id } : {}), type: chunk?.type ?? 'unparsed', data: chunk ?? data });
      const usage = chunk?.messageMetadata?.usage;
      if (usage) update(run, { usage });
      if (chunk?.messageMetadata?.traceId) update(run, { traceId: chunk.messageMetadata.traceId });
    }).then(
      () => {
        add(run, { type: 'stream-end', data: null });
        update(run, { done: true });
      },
      (error: unknown) => {
        add(run, { type: 'stream-error', data: { message: error instanceof Error ? error.message : String(error) } });
        update(run, { done: true });
      },
    );
    return new Response(theirs, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  return {
    fetch: inspectedFetch,
    runs: () => runs,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      runs = [];
      changed();
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text || undefined;
  }
}

function isTurnBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && ('messages' in body || 'message' in body);
}

function traceOf(traceparent: string | null): string | undefined {
  return traceparent?.split('-')[1];
}

type Part = { type?: string; state?: string; toolCallId?: string; input?: unknown; output?: unknown; approval?: { id?: string; approved?: boolean; reason?: string } };

/**
 * What a turn's request says about the previous reply: the approvals it answers and the shared-state
 * writes the page decided (its `update-page-state` tool output: `written` keys allowed, `ignored` refused).
 */
function requestEvents(body: unknown): Omit<InspectedEvent, 'seq' | 'at'>[] {
  if (!isTurnBody(body)) return [];
  const { messages, message } = body as { messages?: { role?: string; parts?: Part[] }[]; message?: { role?: string; parts?: Part[] } };
  const list = messages ?? (message ? [message] : []);
  const events: Omit<InspectedEvent, 'seq' | 'at'>[] = [{ type: 'request', data: body }];
  const last = [...list].reverse().find((m) => m.role === 'assistant');
  for (const part of last?.parts ?? []) {
    if (part.state === 'approval-responded' && part.approval) {
      events.push({ type: 'approval-answer', data: { toolCallId: part.toolCallId, tool: part.type?.replace(/^tool-/, ''), ...part.approval } });
    }
    if (part.type === `tool-${UPDATE_PAGE_STATE_TOOL}` && part.state === 'output-available') {
      const output = (part.output ?? {}) as { written?: string[]; ignored?: string[] };
      const updates = ((part.input ?? {}) as { updates?: Record<string, unknown> }).updates ?? {};
      for (const key of Object.keys(updates)) {
        events.push({ type: 'state-write', data: { key, value: updates[key], decision: output.written?.includes(key) ? 'allowed' : output.ignored?.includes(key) ? 'refused' : 'unknown' } });
      }
    }
  }
  return events;
}

/** Reads an SSE body (`eventsource-parser`), calling `onEvent(id, data)` per event; `id` only for an event with its own `id:` line. */
async function readEvents(body: ReadableStream<Uint8Array<ArrayBuffer>>, onEvent: (id: string | undefined, data: string) => void): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onEvent(value.id, value.data);
  }
}
