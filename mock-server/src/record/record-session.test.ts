import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createAgentServer } from '@x/agent-server';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_SESSION_PROMPTS, demoSessionConfig } from './demo-session.js';
import { stringifyFixture, type Fixture, type RecordedCall } from './fixture.js';
import { startOpenAIChatFake, type OpenAIChatFake } from '../test-utils/openai-chat-fake.js';
import { recordModel } from './record-model.js';
import { driveSession, transcriptOf } from './drive-session.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/weather-delete-research.json', import.meta.url));
const API_KEY = 'sk-test-KNOWN-provider-key-0123456789';
const AUTH_HEADER = 'Token known-auth-header-value-42';
const silent = { warn: () => {}, error: () => {} };

let fake: OpenAIChatFake | undefined;
afterEach(() => fake?.close());

/** Records the demo session against the loopback OpenAI-compatible fake with the real @ai-sdk/openai provider. */
async function recordSession(exactTiming = false): Promise<{ fixture: Fixture; transcript: string[] }> {
  fake = await startOpenAIChatFake();
  const openai = createOpenAI({ apiKey: API_KEY, baseURL: fake.baseURL, headers: { 'x-auth': AUTH_HEADER } });
  const calls: { call: RecordedCall; startedAt: number }[] = [];
  const record = (model: LanguageModelV4) =>
    recordModel(model, { onRecord: (call, { startedAt }) => calls.push({ call, startedAt }), redact: { values: [AUTH_HEADER] }, exactTiming });
  const server = createAgentServer({
    ...demoSessionConfig({ assistant: record(openai.chat('gpt-4o-mini')), researcher: record(openai.chat('gpt-4o-mini')) }),
    logger: silent,
  });
  const messages = await driveSession(server, 'assistant', DEMO_SESSION_PROMPTS);
  const transcript = transcriptOf(messages);
  const fixture: Fixture = {
    version: 1,
    meta: {
      recordedWith: 'loopback OpenAI Chat Completions fake (mock-server/src/test-utils/openai-chat-fake.ts) through @ai-sdk/openai',
      prompts: [...DEMO_SESSION_PROMPTS],
      transcript,
    },
    calls: calls.sort((a, b) => a.startedAt - b.startedAt).map((c) => c.call),
  };
  return { fixture, transcript };
}

describe('recording a real-provider session', () => {
  it('records every model call (sub-agent included) and writes no secret', async () => {
    const { fixture, transcript } = await recordSession();
    // The provider really got the key and the header…
    expect(fake!.headers.some((h) => h.authorization === `Bearer ${API_KEY}` && h['x-auth'] === AUTH_HEADER)).toBe(true);
    // …the fixture has neither.
    const text = stringifyFixture(fixture);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(AUTH_HEADER);
    expect(text).not.toContain('known-auth-header');
    // weather: tool call + answer; delete: approval request, then after approval the answer; research: call, sub-agent, answer.
    expect(fixture.calls.map((c) => c.tools.join('+'))).toEqual([
      'deleteRecord+getWeather+researcher',
      'deleteRecord+getWeather+researcher',
      'deleteRecord+getWeather+researcher',
      'deleteRecord+getWeather+researcher',
      'deleteRecord+getWeather+researcher',
      '',
      'deleteRecord+getWeather+researcher',
    ]);
    expect(transcript.at(-1)).toMatch(/^assistant: The researcher reports: Three facts about the teapot/);
    if (process.env.UPDATE_FIXTURES) await writeFile(FIXTURE, text);
  });

  it('merges deltas that arrive within a frame; exactTiming keeps each', async () => {
    const deltas = (f: Fixture) => f.calls.flatMap((c) => c.parts ?? []).filter((p) => p.part.type === 'text-delta');
    const merged = deltas((await recordSession()).fixture);
    await fake?.close();
    const exact = deltas((await recordSession(true)).fixture);
    // The fake sends one chunk per word 2 ms apart: merged, a frame holds several words.
    expect(exact.length).toBeGreaterThan(merged.length);
    const text = (parts: typeof merged) => parts.map((p) => String(p.part.delta)).join('');
    expect(text(merged)).toBe(text(exact));
  });
});
