import type { JSONValue } from '@ai-sdk/provider';

/** The fixture format's version; a reader refuses any other. */
export const FIXTURE_VERSION = 1;

/** One stream part of a recorded call, `ms` after the previous one (`part` as the model sent it, JSON-safe). */
export interface RecordedPart {
  ms: number;
  part: { type: string; [key: string]: JSONValue | undefined };
}

/** How a recorded call ended: the AI SDK finish reason, usage and provider metadata. */
export interface RecordedFinish {
  finishReason: JSONValue;
  usage: JSONValue;
  providerMetadata?: JSONValue;
}

/** One call of a language model: what it was asked (normalised) and what it answered. */
export interface RecordedCall {
  /** `doStream` (streamText, agents) or `doGenerate` (generateText: titles, sub-agents that do not stream). */
  kind: 'stream' | 'generate';
  /** `provider:modelId` of the recorded model (informational; replay matches by prompt). */
  model: string;
  /** The prompt as the model got it, normalised (see `normalisePrompt`). */
  prompt: JSONValue;
  /** Names of the tools the call offered, sorted. */
  tools: string[];
  /** `stream`: the parts after `stream-start`, finish excluded. */
  parts?: RecordedPart[];
  /** `generate`: the content of the result. */
  content?: JSONValue[];
  finish: RecordedFinish;
}

/** A recorded session: `version: 1`, the calls in the order they started. */
export interface Fixture {
  version: typeof FIXTURE_VERSION;
  /** Free-form notes (what was recorded, against what). Never read by replay. */
  meta?: Record<string, JSONValue>;
  calls: RecordedCall[];
}

/** A fixture that cannot be read: names the file (or source) and the problem. */
export class FixtureError extends Error {
  override name = 'FixtureError';
  constructor(
    readonly source: string,
    readonly problem: string,
  ) {
    super(`Fixture ${source}: ${problem}`);
  }
}

/** JSON with sorted keys and two-space indentation: the same fixture always serialises to the same bytes. */
export function stringifyFixture(fixture: Fixture): string {
  return `${JSON.stringify(sortKeys(fixture), null, 2)}\n`;
}

export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * Checks a fixture (its JSON text or the parsed value) and returns it typed. Throws a `FixtureError`
 * naming `source` (a file name) and the problem: not JSON, another version, a malformed call.
 */
export function parseFixture(input: string | unknown, source = 'fixture'): Fixture {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new FixtureError(source, `is not valid JSON (${(error as Error).message})`);
    }
  }
  if (!isRecord(value)) throw new FixtureError(source, 'is not a JSON object');
  const version = value.version;
  if (typeof version !== 'number') throw new FixtureError(source, 'has no "version" (expected 1)');
  if (version > FIXTURE_VERSION) {
    throw new FixtureError(source, `has version ${version}, newer than this @x/mock-server reads (${FIXTURE_VERSION}); update @x/mock-server`);
  }
  if (version !== FIXTURE_VERSION) throw new FixtureError(source, `has version ${version}; only version ${FIXTURE_VERSION} is supported`);
  if (!Array.isArray(value.calls)) throw new FixtureError(source, '"calls" is missing or not an array');
  value.calls.forEach((call, i) => checkCall(call, `calls[${i}]`, source));
  return value as unknown as Fixture; // shape checked field by field above
}

function checkCall(call: unknown, path: string, source: string): void {
  if (!isRecord(call)) throw new FixtureError(source, `${path} is not an object`);
  if (call.kind !== 'stream' && call.kind !== 'generate') throw new FixtureError(source, `${path}.kind must be "stream" or "generate"`);
  if (!Array.isArray(call.prompt)) throw new FixtureError(source, `${path}.prompt must be an array of messages`);
  if (!Array.isArray(call.tools)) throw new FixtureError(source, `${path}.tools must be an array`);
  if (!isRecord(call.finish) || call.finish.finishReason === undefined) throw new FixtureError(source, `${path}.finish.finishReason is missing`);
  if (call.kind === 'stream') {
    if (!Array.isArray(call.parts)) throw new FixtureError(source, `${path}.parts must be an array`);
    call.parts.forEach((p, j) => {
      if (!isRecord(p) || typeof p.ms !== 'number' || !isRecord(p.part) || typeof p.part.type !== 'string') {
        throw new FixtureError(source, `${path}.parts[${j}] must be { ms: number, part: { type, … } }`);
      }
    });
  } else if (!Array.isArray(call.content)) {
    throw new FixtureError(source, `${path}.content must be an array`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
