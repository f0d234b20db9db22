import type { UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import type { Scenario } from './scenario.js';
import { createScenarioServer } from './scenario-server.js';

// A server's `pace`: scenarios play at once at pace 0, except those about timing (`pace: 'real'`).
// Scripted at 2 s a word, an ordinary reply would take 10 s; the bounds leave room for a loaded machine.
const words = 'one two three four five';
const scenario = (id: string, chunkDelayMs: number, extra: Partial<Scenario> = {}): Scenario => ({
  id,
  title: id,
  description: id,
  prompt: `Play ${id}`,
  match: new RegExp(`\\b${id}\\b`),
  script: { chunkDelayMs, steps: [[{ type: 'text', text: words }]] },
  ...extra,
});
const ordinary = scenario('ordinary', 2_000);
const timing = scenario('timing', 80, { pace: 'real' });
const server = createScenarioServer({ scenarios: [ordinary, timing], pace: 0, config: { logger: { warn: () => {}, error: () => {} } } });

async function timedTurn(agentId: string, text: string): Promise<{ ms: number; reply: string }> {
  const started = performance.now();
  const response = await server.fetch(
    new Request(`http://localhost/api/agent/${agentId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }] }),
    }),
  );
  const chunks = (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)) as UIMessageChunk);
  return { ms: performance.now() - started, reply: chunks.map((c) => (c.type === 'text-delta' ? c.delta : '')).join('') };
}

describe('a scenario server with pace 0', () => {
  it('plays an ordinary scenario at once, by its own agent and through the smart agent', async () => {
    for (const agent of ['ordinary', 'assistant']) {
      const { ms, reply } = await timedTurn(agent, 'Play ordinary');
      expect(reply).toBe(words);
      expect(ms, agent).toBeLessThan(5_000);
    }
  });

  it('keeps the scripted pace of a scenario about timing (pace: real)', async () => {
    for (const agent of ['timing', 'assistant']) {
      const { ms, reply } = await timedTurn(agent, 'Play timing');
      expect(reply).toBe(words);
      // Five words, 80 ms before each.
      expect(ms, agent).toBeGreaterThanOrEqual(5 * 80 - 20);
    }
  });
});
