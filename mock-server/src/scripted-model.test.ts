import { ToolLoopAgent, isStepCount, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chunkText, type ScriptStep } from './script.js';
import { scriptedModel } from './scripted-model.js';

describe('scriptedModel', () => {
  it('plays text, a tool call and the step after the tool result, reading the step from the prompt', async () => {
    const model = scriptedModel({
      chunkDelayMs: 0,
      steps: [
        [{ type: 'reasoning', text: 'Need the weather.' }, { type: 'tool-call', toolName: 'weather', input: { city: 'Oslo' } }],
        [{ type: 'text', text: 'It is 3°C in Oslo.' }],
      ],
    });
    const agent = new ToolLoopAgent({
      model,
      stopWhen: isStepCount(5),
      tools: { weather: tool({ inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => ({ city, c: 3 }) }) },
    });
    const result = await agent.generate({ prompt: 'Weather in Oslo?' });
    expect(result.text).toBe('It is 3°C in Oslo.');
    expect(result.steps[0]!.toolCalls[0]).toMatchObject({ toolName: 'weather', input: { city: 'Oslo' } });
    expect(result.steps[0]!.reasoningText).toBe('Need the weather.');
  });

  it('gives a script function the user text and the tool results', async () => {
    const model = scriptedModel({ chunkDelayMs: 0, steps: ({ lastUserText, stepInTurn }) => [{ type: 'text', text: `${stepInTurn}:${lastUserText}` }] });
    const agent = new ToolLoopAgent({ model });
    expect((await agent.generate({ prompt: 'echo me' })).text).toBe('0:echo me');
  });

  it('stops streaming when the call is aborted', async () => {
    const model = scriptedModel({ chunkDelayMs: 50, steps: [[{ type: 'text', text: 'word '.repeat(100) }]] });
    const controller = new AbortController();
    const agent = new ToolLoopAgent({ model });
    const result = await agent.stream({ prompt: 'go', abortSignal: controller.signal });
    const seen: string[] = [];
    const started = Date.now();
    setTimeout(() => controller.abort(), 120);
    for await (const part of result.stream) if (part.type === 'text-delta') seen.push(part.text);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(20);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('multiplies every delay by its pace: 0 plays at once, a step’s own pace wins', async () => {
    // Scripted: 1 s before the first chunk, 1 s between chunks, a 2 s delay — over 5 s in all.
    const steps: ScriptStep[] = [[{ type: 'text', text: 'a b c' }, { type: 'delay', ms: 2_000 }, { type: 'text', text: 'd' }]];
    const timeOf = async (model: ReturnType<typeof scriptedModel>) => {
      const started = performance.now();
      const text = (await new ToolLoopAgent({ model }).stream({ prompt: 'go' })).text;
      return { text: await text, ms: performance.now() - started };
    };
    const instant = await timeOf(scriptedModel({ chunkDelayMs: 1_000, initialDelayMs: 1_000, steps }, { pace: 0 }));
    expect(instant.text).toBe('a b cd');
    expect(instant.ms).toBeLessThan(2_500);
    // A step’s pace wins over the model’s: 20 ms gaps, 20 ms initial delay, a 40 ms delay at pace 0.02.
    const stepPaced = await timeOf(scriptedModel({ chunkDelayMs: 1_000, initialDelayMs: 1_000, steps: () => ({ actions: steps[0]!, pace: 0.02 }) }, { pace: 0 }));
    expect(stepPaced.text).toBe('a b cd');
    expect(stepPaced.ms).toBeGreaterThanOrEqual(20 + 3 * 20 + 40 + 20 - 10);
  });

  it('chunks text by word, char or size', () => {
    expect(chunkText('a bc  d')).toEqual(['a ', 'bc  ', 'd']);
    expect(chunkText('abc', 'char')).toEqual(['a', 'b', 'c']);
    expect(chunkText('abcde', 2)).toEqual(['ab', 'cd', 'e']);
    expect(chunkText('a bc  d').join('')).toBe('a bc  d');
  });
});
