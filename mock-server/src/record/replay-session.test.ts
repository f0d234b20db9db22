import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAgentServer } from '@x/agent-server';
import { describe, expect, it } from 'vitest';
import { DEMO_SESSION_PROMPTS, demoSessionConfig, demoSessionTools } from './demo-session.js';
import { FixtureError, stringifyFixture } from './fixture.js';
import { loadFixture } from './fixture-file.js';
import { ReplayMismatchError, replayModel, type ReplayModelOptions } from './replay-model.js';
import { replayTools } from './replay-tools.js';
import { driveSession, transcriptOf } from './drive-session.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/weather-delete-research.json', import.meta.url));
const silent = { warn: () => {}, error: () => {} };

async function replayServer(options: ReplayModelOptions & { instructions?: string } = {}) {
  const fixture = await loadFixture(FIXTURE);
  const model = replayModel(fixture, { source: FIXTURE, ...options });
  const config = demoSessionConfig({ assistant: model, researcher: model });
  if (options.instructions) config.agents.assistant!.instructions = options.instructions;
  // No tool runs: every result comes from the recording.
  const tools = replayTools(fixture, demoSessionTools(), { source: FIXTURE });
  return { fixture, model, server: createAgentServer({ ...config, tools, logger: silent }) };
}

describe('replaying the recorded session through the real server', () => {
  it('plays the same transcript, tool calls, approval and sub-agent, and uses every recorded call', async () => {
    const { fixture, model, server } = await replayServer();
    const transcript = transcriptOf(await driveSession(server, 'assistant', DEMO_SESSION_PROMPTS));
    expect(transcript).toEqual(fixture.meta?.transcript);
    expect(transcript).toContain('assistant tool-deleteRecord output-available {"id":7} → {"deleted":7}');
    expect(transcript.at(-1)).toBe(
      'assistant: The researcher reports: Three facts about the teapot: it is old, it is everywhere, and it still changes.',
    );
    expect(model.remaining).toBe(0);
  });

  it('plays at the recorded pace with speed 1 and instantly by default', async () => {
    const fixture = await loadFixture(FIXTURE);
    const recordedMs = fixture.calls[1]!.parts!.reduce((sum, p) => sum + p.ms, 0);
    const timeOf = async (speed?: number) => {
      const model = replayModel({ ...fixture, calls: [fixture.calls[1]!] }, speed === undefined ? {} : { speed });
      const start = performance.now();
      // The recorded (normalised) prompt is a prompt the server sent, so it is one the replay accepts.
      const prompt = fixture.calls[1]!.prompt as LanguageModelV4Prompt;
      const { stream } = await model.doStream({ prompt, tools: fixture.calls[1]!.tools.map((name) => ({ type: 'function', name, inputSchema: {} })) });
      const reader = stream.getReader();
      while (!(await reader.read()).done);
      return performance.now() - start;
    };
    expect(recordedMs).toBeGreaterThan(0);
    expect(await timeOf(1)).toBeGreaterThanOrEqual(recordedMs - 2);
    expect(await timeOf()).toBeLessThan(Math.max(recordedMs, 5));
  });

  it('fails with a readable diff when the app’s prompt drifted from the recording', async () => {
    const { model, server } = await replayServer({ instructions: 'You are a weather bot.' });
    // The client sees the server's generic failure; the diff is on the model (and in the server log).
    await expect(driveSession(server, 'assistant', DEMO_SESSION_PROMPTS)).rejects.toThrow('The agent failed to answer.');
    expect(model.mismatches).toHaveLength(1);
    const message = model.mismatches[0]!.message;
    expect(message).toContain(`Replay of ${FIXTURE}: the prompt of call 1 (stream) matches no recorded call — the app's prompt drifted from the recording.`);
    expect(message).toContain('-     "content": "You help with the weather and records, and delegate research.",');
    expect(message).toContain('+     "content": "You are a weather bot.",');
    expect(message).toContain('{ lenient: true }');
    // Only the changed line and its context, not the whole prompt.
    expect(message.split('\n').filter((l) => l.startsWith('-') || l.startsWith('+'))).toHaveLength(2);
  });

  it('replays a drifted prompt in lenient mode', async () => {
    const { fixture, server } = await replayServer({ instructions: 'You are a weather bot.', lenient: true });
    const transcript = transcriptOf(await driveSession(server, 'assistant', DEMO_SESSION_PROMPTS));
    expect(transcript).toEqual(fixture.meta?.transcript);
  });

  it('logs the diff through the server logger', async () => {
    const fixture = await loadFixture(FIXTURE);
    const model = replayModel(fixture, { source: FIXTURE });
    const logged: string[] = [];
    const config = demoSessionConfig({ assistant: model, researcher: model });
    config.agents.assistant!.instructions = 'Changed.';
    const server = createAgentServer({ ...config, logger: { warn: () => {}, error: (_m, meta) => logged.push(JSON.stringify(meta)) } });
    await expect(driveSession(server, 'assistant', DEMO_SESSION_PROMPTS)).rejects.toThrow();
    expect(logged.join('\n')).toContain('drifted from the recording');
  });

  it('names tools the app offers beyond the recording, and ignores those in ignoreTools', async () => {
    const fixture = await loadFixture(FIXTURE);
    const run = async (ignoreTools?: string[]) => {
      const model = replayModel(fixture, { source: 'f.json', ...(ignoreTools ? { ignoreTools } : {}) });
      const config = demoSessionConfig({ assistant: model, researcher: model });
      config.agents.assistant!.tools = ['getWeather', 'deleteRecord', 'extra'];
      const tools = { ...replayTools(fixture, demoSessionTools()), extra: { description: 'x', inputSchema: { type: 'object' as const }, execute: () => 1 } };
      await driveSession(createAgentServer({ ...config, tools, logger: silent }), 'assistant', DEMO_SESSION_PROMPTS).catch(() => undefined);
      return model;
    };
    const strict = await run();
    expect(strict.mismatches[0]!.message).toContain('(the prompts are the same)\nTools differ: recorded [deleteRecord, getWeather, researcher], now [deleteRecord, extra, getWeather, researcher].');
    const ignoring = await run(['extra']);
    expect(ignoring.mismatches).toEqual([]);
    expect(ignoring.remaining).toBe(0);
  });

  it('throws ReplayMismatchError for a call the recording has no answer for', async () => {
    const fixture = await loadFixture(FIXTURE);
    const model = replayModel({ ...fixture, calls: [] }, { source: 'empty.json' });
    await expect(model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] })).rejects.toThrow(ReplayMismatchError);
    await expect(model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] })).rejects.toThrow(
      /Replay of empty\.json: call 2 has no recording left/,
    );
  });
});

describe('fixtures that cannot be read', () => {
  async function file(name: string, text: string) {
    const path = join(await mkdtemp(join(tmpdir(), 'x-fixture-')), name);
    await writeFile(path, text);
    return path;
  }

  it('names the file and says it is not JSON', async () => {
    const path = await file('broken.json', '{"version": 1, "calls": [');
    await expect(loadFixture(path)).rejects.toThrow(FixtureError);
    await expect(loadFixture(path)).rejects.toThrow(new RegExp(`Fixture ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: is not valid JSON`));
  });

  it('refuses a newer version, naming the file and the versions', async () => {
    const path = await file('future.json', stringifyFixture({ version: 2 as 1, calls: [] }));
    await expect(loadFixture(path)).rejects.toThrow(/future\.json: has version 2, newer than this @x\/mock-server reads \(1\)/);
  });

  it('points at the malformed call', async () => {
    const path = await file('bad-call.json', JSON.stringify({ version: 1, calls: [{ kind: 'stream', prompt: [], tools: [], finish: { finishReason: 'stop' }, parts: [{ ms: 'soon' }] }] }));
    await expect(loadFixture(path)).rejects.toThrow(/bad-call\.json: calls\[0\]\.parts\[0\] must be/);
    expect(() => replayModel('not json', { source: 'inline.json' })).toThrow(/Fixture inline\.json: is not valid JSON/);
  });

  it('names a file that does not exist', async () => {
    await expect(loadFixture('/nonexistent/session.json')).rejects.toThrow(/\/nonexistent\/session\.json \(cannot be read: ENOENT\)/);
  });
});
