import type { LanguageModelV4CallOptions, LanguageModelV4Content, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { chunkText, type PacedStep, type Script, type ScriptContext, type ScriptStep } from './script.js';
import type { ScriptGates } from './script-gates.js';

/** A part to stream, after its delay — and, with `gate`, once that gate of the model's `gates` opens. */
export type Timed = { part: LanguageModelV4StreamPart; delayMs: number; gate?: string };

const usage = (outputChars: number) => ({
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: Math.ceil(outputChars / 4), text: Math.ceil(outputChars / 4), reasoning: undefined },
});

export interface ScriptedModelOptions {
  modelId?: string;
  /**
   * Multiplies every delay of the script (chunk gaps, the initial delay, `delay` actions): 1 plays
   * it as scripted (default), 0 at once, 0.25 four times faster. A step's own `pace` wins. Tests
   * that do not look at timing run faster at 0; those that act mid-reply keep 1.
   */
  pace?: number;
  /** Where the script's `gate` actions hold (`scriptGates()`); without it they are passed at once. */
  gates?: ScriptGates;
}

/**
 * An AI SDK language model that plays a script: text, reasoning, tool calls, errors and delays,
 * paced like a real stream (or faster: `pace`) and stopped by the call's abort signal. Safe to share
 * between concurrent requests: which step to play is read from the prompt, not kept in the model.
 */
export function scriptedModel(script: Script, options: ScriptedModelOptions = {}): MockLanguageModelV4 {
  let callCount = 0;
  return new MockLanguageModelV4({
    provider: 'x-mock',
    modelId: options.modelId ?? 'scripted',
    doStream: async (call) => {
      const { actions, chunkDelayMs, pace } = pickStep(script, scriptContext(call));
      const parts = toTimedParts(actions, { ...script, chunkDelayMs: chunkDelayMs ?? script.chunkDelayMs }, `c${++callCount}`, pace ?? options.pace ?? 1);
      return { stream: playParts(parts, call.abortSignal, options.gates) };
    },
    doGenerate: async (call) => {
      const { actions } = pickStep(script, scriptContext(call));
      return generateResult(toTimedParts(actions, { ...script, chunkDelayMs: 0 }, `g${++callCount}`));
    },
  });
}

/** The same script played as one non-streamed result (generateText, sub-agents, titles). */
function generateResult(parts: Timed[]) {
  const content: LanguageModelV4Content[] = [];
  let finish: Extract<LanguageModelV4StreamPart, { type: 'finish' }> | undefined;
  for (const { part } of parts) {
    if (part.type === 'error') throw part.error;
    if (part.type === 'text-delta' || part.type === 'reasoning-delta') {
      const kind = part.type === 'text-delta' ? 'text' : 'reasoning';
      const last = content.at(-1);
      if (last && last.type === kind) last.text += part.delta;
      else content.push({ type: kind, text: part.delta });
    } else if (part.type === 'tool-call') {
      content.push(part);
    } else if (part.type === 'finish') {
      finish = part;
    }
  }
  return { content, finishReason: finish!.finishReason, usage: finish!.usage, warnings: [] };
}

function pickStep(script: Script, context: ScriptContext): PacedStep {
  if (typeof script.steps === 'function') {
    const step = script.steps(context);
    return Array.isArray(step) ? { actions: step } : step;
  }
  const steps = script.steps;
  return { actions: steps[Math.min(context.stepInTurn, steps.length - 1)] ?? [] };
}

/** Reads the step number, last user text and tool results of this turn from the prompt. */
export function scriptContext(call: LanguageModelV4CallOptions): ScriptContext {
  const prompt = call.prompt;
  let lastUser = -1;
  prompt.forEach((m, i) => {
    if (m.role === 'user') lastUser = i;
  });
  const sinceUser = prompt.slice(lastUser + 1);
  const userMessage = lastUser >= 0 ? prompt[lastUser] : undefined;
  const lastUserText =
    userMessage && userMessage.role === 'user'
      ? userMessage.content.map((p) => (p.type === 'text' ? p.text : '')).join('')
      : '';
  const toolResults: ScriptContext['toolResults'] = [];
  for (const m of sinceUser) {
    if (m.role !== 'tool') continue;
    for (const p of m.content) {
      if (p.type === 'tool-result') toolResults.push({ toolName: p.toolName, output: p.output });
    }
  }
  const instructions = prompt
    .filter((m) => m.role === 'system')
    .map((m) => (m.role === 'system' ? m.content : ''))
    .join('\n');
  return {
    stepInTurn: sinceUser.filter((m) => m.role === 'assistant').length,
    lastUserText,
    toolResults,
    toolNames: (call.tools ?? []).map((t) => t.name),
    instructions,
  };
}

function toTimedParts(step: ScriptStep, script: Script, prefix: string, pace = 1): Timed[] {
  const gap = script.chunkDelayMs ?? 20;
  const out: Timed[] = [{ part: { type: 'stream-start', warnings: [] }, delayMs: script.initialDelayMs ?? 0 }];
  let pendingDelay = 0;
  let pendingGate: string | undefined;
  let outputChars = 0;
  let hasToolCall = false;
  const push = (part: LanguageModelV4StreamPart, delayMs = 0) => {
    out.push({ part, delayMs: delayMs + pendingDelay, ...(pendingGate !== undefined ? { gate: pendingGate } : {}) });
    pendingDelay = 0;
    pendingGate = undefined;
  };
  step.forEach((action, index) => {
    const id = `${prefix}-${index}`;
    switch (action.type) {
      case 'delay':
        pendingDelay += action.ms;
        break;
      case 'gate':
        pendingGate = action.name;
        break;
      case 'text':
      case 'reasoning': {
        const kind = action.type;
        push({ type: `${kind}-start`, id });
        for (const delta of chunkText(action.text, action.type === 'text' ? action.chunk : 'word')) {
          push({ type: `${kind}-delta`, id, delta }, gap);
          outputChars += delta.length;
        }
        push({ type: `${kind}-end`, id });
        break;
      }
      case 'tool-call': {
        const toolCallId = action.toolCallId ?? `call-${prefix}-${index}`;
        const input = JSON.stringify(action.input ?? {});
        hasToolCall = true;
        push({ type: 'tool-input-start', id: toolCallId, toolName: action.toolName });
        push({ type: 'tool-input-delta', id: toolCallId, delta: input }, gap);
        push({ type: 'tool-input-end', id: toolCallId });
        push({ type: 'tool-call', toolCallId, toolName: action.toolName, input });
        break;
      }
      case 'error':
        push({ type: 'error', error: new Error(action.message) }, gap);
        break;
    }
  });
  push(
    {
      type: 'finish',
      finishReason: { unified: hasToolCall ? 'tool-calls' : 'stop', raw: hasToolCall ? 'tool_calls' : 'stop' },
      usage: usage(outputChars),
    },
    pendingDelay,
  );
  return pace === 1 ? out : out.map((timed) => ({ ...timed, delayMs: Math.max(0, timed.delayMs * pace) }));
}

/**
 * A pull-based stream that waits each part’s delay (and its gate, with `gates`) and stops
 * (AbortError) when the call is aborted.
 */
export function playParts(parts: Timed[], signal: AbortSignal | undefined, gates?: ScriptGates): ReadableStream<LanguageModelV4StreamPart> {
  let index = 0;
  return new ReadableStream<LanguageModelV4StreamPart>({
    async pull(controller) {
      const next = parts[index++];
      if (!next) return controller.close();
      if (next.gate !== undefined && gates && !signal?.aborted) await gates.wait(next.gate, signal);
      if (next.delayMs > 0) await sleep(next.delayMs, signal);
      if (signal?.aborted) return controller.error(signal.reason ?? new DOMException('Aborted', 'AbortError'));
      controller.enqueue(next.part);
      if (next.part.type === 'error') controller.close();
    },
  });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
