import type { InspectedRun } from './wire-recorder.js';

type Chunk = { type: string; id?: string; delta?: string; toolCallId?: string; toolName?: string; input?: unknown; finishReason?: string; messageMetadata?: { usage?: unknown } };
type UIPart = { type?: string; text?: string };

/**
 * A run as a fixture of `@x/mock-server`'s format (`version: 1`): one recorded stream call whose
 * parts are the run's text, reasoning and tool calls with their timing. Its prompt is built from the
 * request's messages (their text), not what the server sent the model, so replay it with
 * `replayModel(fixture, { lenient: true })`.
 */
export function runToFixture(run: InspectedRun): { version: 1; meta: Record<string, unknown>; calls: unknown[] } {
  const parts: { ms: number; part: Record<string, unknown> }[] = [];
  let previous = 0;
  let finishReason = 'stop';
  const push = (at: number, part: Record<string, unknown>) => {
    parts.push({ ms: Math.max(0, at - previous), part });
    previous = at;
  };
  for (const event of run.events) {
    const chunk = event.data as Chunk;
    switch (event.type) {
      case 'text-start':
      case 'text-end':
      case 'reasoning-start':
      case 'reasoning-end':
        push(event.at, { type: event.type, id: chunk.id });
        break;
      case 'text-delta':
      case 'reasoning-delta':
        push(event.at, { type: event.type, id: chunk.id, delta: chunk.delta });
        break;
      case 'tool-input-available':
        push(event.at, { type: 'tool-call', toolCallId: chunk.toolCallId, toolName: chunk.toolName, input: JSON.stringify(chunk.input ?? {}) });
        finishReason = 'tool-calls';
        break;
      case 'finish':
        if (chunk.finishReason) finishReason = chunk.finishReason;
        break;
    }
  }
  const messages = ((run.body as { messages?: { role: string; parts?: UIPart[] }[] } | undefined)?.messages ?? []).map((m) => ({
    role: m.role,
    content: (m.parts ?? []).filter((p) => p.type === 'text').map((p) => ({ type: 'text', text: p.text })),
  }));
  return {
    version: 1,
    meta: { recordedWith: '@x/agent-ui/inspector', url: run.url, runId: run.runId ?? null, note: 'prompt from the request messages: replay with { lenient: true }' },
    calls: [{ kind: 'stream', model: 'inspector', prompt: messages, tools: [], parts, finish: { finishReason: { unified: finishReason, raw: finishReason }, usage: run.usage ?? { inputTokens: {}, outputTokens: {} } } }],
  };
}
