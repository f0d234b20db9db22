import { ToolLoopAgent } from 'ai';
import { describe, expect, it } from 'vitest';
import { scriptGates } from './script-gates.js';
import { scriptedModel } from './scripted-model.js';

const gated = () => [
  { type: 'text' as const, text: 'before the gate. ' },
  { type: 'gate' as const, name: 'g' },
  { type: 'text' as const, text: 'after the gate.' },
];

/** Reads the stream's text as it comes, into `seen`. */
async function readText(model: ReturnType<typeof scriptedModel>, seen: string[], abortSignal?: AbortSignal) {
  const result = await new ToolLoopAgent({ model }).stream({ prompt: 'go', ...(abortSignal ? { abortSignal } : {}) });
  try {
    for await (const delta of result.textStream) seen.push(delta);
  } catch {
    // aborted
  }
}

describe('script gates', () => {
  it('hold the stream at the gate until it opens, then it goes on', async () => {
    const gates = scriptGates();
    const seen: string[] = [];
    const reading = readText(scriptedModel({ chunkDelayMs: 0, steps: [gated()] }, { gates }), seen);
    await expect.poll(() => gates.holding('g')).toBe(1);
    expect(seen.join('')).toBe('before the gate. ');
    gates.open('g');
    await reading;
    expect(seen.join('')).toBe('before the gate. after the gate.');
    expect(gates.holding('g')).toBe(0);
  });

  it('let the next stream through when the gate was opened before it got there (once)', async () => {
    const gates = scriptGates();
    gates.open('g');
    const first: string[] = [];
    await readText(scriptedModel({ chunkDelayMs: 0, steps: [gated()] }, { gates }), first);
    expect(first.join('')).toBe('before the gate. after the gate.');
    const second: string[] = [];
    const reading = readText(scriptedModel({ chunkDelayMs: 0, steps: [gated()] }, { gates }), second);
    await expect.poll(() => gates.holding('g')).toBe(1);
    gates.open('g');
    await reading;
  });

  it('are passed at once by a model without gates, and released by an abort or the timeout', async () => {
    const plain: string[] = [];
    await readText(scriptedModel({ chunkDelayMs: 0, steps: [gated()] }), plain);
    expect(plain.join('')).toBe('before the gate. after the gate.');

    const gates = scriptGates({ timeoutMs: 50 });
    const timedOut: string[] = [];
    await readText(scriptedModel({ chunkDelayMs: 0, steps: [gated()] }, { gates }), timedOut);
    expect(timedOut.join('')).toBe('before the gate. after the gate.');

    const held = scriptGates();
    const controller = new AbortController();
    const aborted: string[] = [];
    const reading = readText(scriptedModel({ chunkDelayMs: 0, steps: [gated()] }, { gates: held }), aborted, controller.signal);
    await expect.poll(() => held.holding('g')).toBe(1);
    controller.abort();
    await reading;
    expect(held.holding('g')).toBe(0);
    expect(aborted.join('')).not.toContain('after the gate');
  });
});
