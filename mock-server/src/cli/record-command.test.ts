import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFixture } from '../record/fixture-file.js';
import { startOpenAIChatFake, type OpenAIChatFake } from '../test-utils/openai-chat-fake.js';
import { recordCommand } from './record-command.js';

let fake: OpenAIChatFake | undefined;
afterEach(() => fake?.close());

const KEY = 'sk-cli-KNOWN-key-abcdef0123456789';
const HEADER = 'known-cli-header-value';

describe('x-agent record', () => {
  it('records a session of a YAML config against the configured provider, without its secrets', async () => {
    fake = await startOpenAIChatFake();
    const dir = await mkdtemp(join(tmpdir(), 'x-agent-record-'));
    const config = join(dir, 'agent.yaml');
    await writeFile(
      config,
      [
        'connections:',
        `  main: { provider: openai, api: chat, baseURL: "${fake.baseURL}", apiKey: "\${FAKE_KEY}", headers: { x-team: "${HEADER}" } }`,
        'agents:',
        '  helper: { connection: main, model: gpt-4o-mini, instructions: Be brief. }',
      ].join('\n'),
    );
    const out = join(dir, 'session.json');
    const result = await recordCommand(['--config', config, '--prompt', 'Hello there', '--prompt', 'And again', '--out', out], { FAKE_KEY: KEY });
    expect(result.transcript).toEqual([
      'user: Hello there',
      'assistant: Three facts about Hello there: it is old, it is everywhere, and it still changes.',
      'user: And again',
      'assistant: Three facts about And again: it is old, it is everywhere, and it still changes.',
    ]);
    expect(fake.headers[0]?.authorization).toBe(`Bearer ${KEY}`);
    const text = await readFile(out, 'utf8');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(HEADER);
    const fixture = await loadFixture(out);
    expect(fixture.calls).toHaveLength(2);
    expect(fixture.calls[0]!.model).toBe('openai.chat:gpt-4o-mini');
  });

  it('says what is missing and names unknown agents', async () => {
    await expect(recordCommand(['--config', 'x.yaml'])).rejects.toThrow(/--config and --prompt are required/);
    fake = await startOpenAIChatFake();
    const dir = await mkdtemp(join(tmpdir(), 'x-agent-record-'));
    const config = join(dir, 'agent.yaml');
    await writeFile(config, `connections:\n  main: { provider: openai, api: chat, baseURL: "${fake.baseURL}", apiKey: k }\nagents:\n  a: { connection: main, model: m }\n`);
    await expect(recordCommand(['--config', config, '--prompt', 'hi', '--agent', 'nope'])).rejects.toThrow('No agent "nope" in');
  });
});
