import type {
  JSONValue,
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
  SharedV4ProviderMetadata,
} from '@ai-sdk/provider';
import { playParts, type Timed } from '../scripted-model.js';
import { parseFixture, type Fixture, type RecordedCall } from './fixture.js';
import { normalisePrompt } from './json-safe.js';
import { jsonDiff, samePrompt } from './prompt-diff.js';

export interface ReplayModelOptions {
  /**
   * Replay the recorded calls in their order whatever the app's prompt is (default `false`: a call
   * whose prompt differs from every unused recorded call fails with a diff).
   */
  lenient?: boolean;
  /** Pace: `1` as recorded, `2` twice as fast; default `Infinity` (instant). */
  speed?: number;
  /** Named in errors (e.g. the file name). */
  source?: string;
  /**
   * Tools the app offers that the recording did not have (or the other way round) and that matching
   * ignores — e.g. `update-page-state` when replaying in a page that shares state.
   */
  ignoreTools?: string[];
}

/** The app's call does not match the recording: `message` shows the prompt difference. */
export class ReplayMismatchError extends Error {
  override name = 'ReplayMismatchError';
}

/** A language model that plays a fixture's calls, plus what is left of it. */
export interface ReplayModel extends LanguageModelV4 {
  /** Recorded calls not replayed yet. */
  readonly remaining: number;
  /** Every mismatch so far (the server shows clients a generic error; assert on these or read the log). */
  readonly mismatches: readonly ReplayMismatchError[];
}

/**
 * A language model that answers each call with the recorded call of the same prompt (and tools),
 * each recorded call once. Use one replay model for every agent of the session (sub-agents and
 * title models included): calls are told apart by their prompts. Without `lenient`, a call that
 * matches no unused recording throws a `ReplayMismatchError` showing the difference with the
 * closest one. A fixture that is not valid throws a `FixtureError` naming `source` and the problem.
 */
export function replayModel(fixture: Fixture | unknown, options: ReplayModelOptions = {}): ReplayModel {
  const source = options.source ?? 'fixture';
  const calls = parseFixture(fixture, source).calls;
  const used = new Set<number>();
  const speed = options.speed ?? Number.POSITIVE_INFINITY;
  let replayed = 0;
  const mismatches: ReplayMismatchError[] = [];
  const fail = (message: string) => {
    const error = new ReplayMismatchError(message);
    mismatches.push(error);
    return error;
  };

  function take(kind: RecordedCall['kind'], call: LanguageModelV4CallOptions): RecordedCall {
    replayed++;
    const prompt = normalisePrompt(call.prompt);
    const ignored = new Set(options.ignoreTools ?? []);
    const tools = (call.tools ?? []).map((t) => t.name).filter((name) => !ignored.has(name)).sort();
    const toolsOf = (c: RecordedCall) => c.tools.filter((name) => !ignored.has(name)).join(',');
    const unused = calls.map((c, i) => ({ c, i })).filter(({ i }) => !used.has(i));
    const sameKind = unused.filter(({ c }) => c.kind === kind);
    const match = sameKind.find(({ c }) => samePrompt(c.prompt, prompt) && toolsOf(c) === tools.join(','));
    const chosen = match ?? (options.lenient ? (sameKind[0] ?? unused[0]) : undefined);
    if (chosen) {
      used.add(chosen.i);
      return chosen.c;
    }
    if (unused.length === 0) {
      throw fail(
        `Replay of ${source}: call ${replayed} has no recording left (all ${calls.length} recorded calls were replayed). The app asked:\n${jsonDiff([], prompt)}`,
      );
    }
    const closest = closestCall(sameKind.length ? sameKind : unused, prompt);
    const diff = jsonDiff(closest.c.prompt, prompt);
    const toolsNote = toolsOf(closest.c) === tools.join(',') ? '' : `\nTools differ: recorded [${closest.c.tools.join(', ')}], now [${tools.join(', ')}].`;
    throw fail(
      `Replay of ${source}: the prompt of call ${replayed} (${kind}) matches no recorded call — the app's prompt drifted from the recording. ` +
        `Difference with recorded call #${closest.i + 1} (- recorded, + now):\n${diff || '(the prompts are the same)'}${toolsNote}\n` +
        'Record the session again, or replay with { lenient: true } to ignore prompt differences.',
    );
  }

  return {
    specificationVersion: 'v4',
    provider: 'x-replay',
    modelId: source,
    supportedUrls: {},
    get remaining() {
      return calls.length - used.size;
    },
    mismatches,
    async doStream(call) {
      const recorded = take('stream', call);
      const timed: Timed[] = [{ part: { type: 'stream-start', warnings: [] }, delayMs: 0 }];
      for (const { ms, part } of recorded.parts ?? []) timed.push({ part: revive(part) as LanguageModelV4StreamPart, delayMs: ms / speed });
      const finish = recorded.finish;
      if (finish.finishReason !== null) {
        timed.push({ part: { type: 'finish', ...(revive(finish) as object) } as LanguageModelV4StreamPart, delayMs: 0 });
      }
      return { stream: playParts(timed, call.abortSignal) };
    },
    async doGenerate(call) {
      const recorded = take('generate', call);
      const finish = revive(recorded.finish) as { finishReason: LanguageModelV4FinishReason; usage: LanguageModelV4Usage; providerMetadata?: SharedV4ProviderMetadata };
      return {
        content: (recorded.content ?? []).map((c) => revive(c) as LanguageModelV4Content),
        finishReason: finish.finishReason,
        usage: finish.usage,
        ...(finish.providerMetadata ? { providerMetadata: finish.providerMetadata } : {}),
        warnings: [],
      };
    },
  };
}

/** The unused call whose prompt shares the most leading messages with `prompt` (ties: the earliest). */
function closestCall(candidates: { c: RecordedCall; i: number }[], prompt: JSONValue): { c: RecordedCall; i: number } {
  const actual = Array.isArray(prompt) ? prompt : [];
  const score = (c: RecordedCall) => {
    const recorded = Array.isArray(c.prompt) ? c.prompt : [];
    let n = 0;
    while (n < recorded.length && n < actual.length && samePrompt(recorded[n] as JSONValue, actual[n] as JSONValue)) n++;
    return n - Math.abs(recorded.length - actual.length) / 1000;
  };
  return candidates.reduce((best, next) => (score(next.c) > score(best.c) ? next : best));
}

/** Back from JSON: dates of response metadata, errors, bytes. */
function revive(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (out.type === 'response-metadata' && typeof out.timestamp === 'string') out.timestamp = new Date(out.timestamp);
  if (out.type === 'error' && out.error && typeof out.error === 'object') {
    const e = out.error as { name?: string; message?: string };
    out.error = Object.assign(new Error(e.message ?? 'error'), { name: e.name ?? 'Error' });
  }
  if (out.data && typeof out.data === 'object' && typeof (out.data as { base64?: unknown }).base64 === 'string') {
    out.data = Uint8Array.from(atob((out.data as { base64: string }).base64), (ch) => ch.charCodeAt(0));
  }
  return out;
}
