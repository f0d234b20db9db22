/**
 * `node scripts/burst-bench.ts [deltas=10000] [rounds=7] [readKiB=64]` (after `pnpm build`): how long a `Chat` takes
 * to turn a burst of text deltas (an unpaced replay, read in 64 KiB network reads by default) into its final
 * message — with the AI SDK's `DefaultChatTransport` ("before") and the kit's `AgentChatTransport`
 * ("after"), interleaved, in this process. Prints medians; not a test and not a gate.
 * `FIXTURE=path/to/fixture.json` replays the `frames` of a render-bench fixture instead.
 */
import { readFileSync } from 'node:fs';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { AgentChatTransport, AgentCoreChat as Chat } from '../dist/index.js';

const deltas = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 7);
const READ = Number(process.argv[4] ?? 64) * 1024;

/** The UI message stream bytes of one reply of `deltas` text deltas of ~4 characters. */
function burst(): Uint8Array {
  const frames = [{ type: 'start', messageId: 'a1' }, { type: 'start-step' }, { type: 'text-start', id: 't' }];
  for (let i = 0; i < deltas; i++) frames.push({ type: 'text-delta', id: 't', delta: `w${i % 100} ` } as never);
  frames.push({ type: 'text-end', id: 't' } as never, { type: 'finish-step' }, { type: 'finish' });
  return new TextEncoder().encode(frames.map((f) => `data: ${JSON.stringify(f)}\n\n`).join('') + 'data: [DONE]\n\n');
}

const fixture = process.env.FIXTURE;
const bytes = fixture
  ? new TextEncoder().encode((JSON.parse(readFileSync(fixture, 'utf8')) as { frames: string[] }).frames.join(''))
  : burst();
const body = () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += READ) controller.enqueue(bytes.slice(at, at + READ));
      controller.close();
    },
  });
const fetch = (async () => new Response(body(), { headers: { 'content-type': 'text/event-stream' } })) as typeof globalThis.fetch;

async function run(kind: 'before' | 'after'): Promise<{ ms: number; updates: number; text: string }> {
  const transport = kind === 'before' ? new DefaultChatTransport<UIMessage>({ fetch }) : new AgentChatTransport<UIMessage>({ fetch });
  const chat = new Chat<UIMessage>({ transport });
  let updates = 0;
  chat.subscribe((change) => {
    if (change === 'messages') updates++;
  });
  const started = performance.now();
  await chat.sendMessage({ text: 'go' });
  const ms = performance.now() - started;
  const last = chat.messages.at(-1)!;
  return { ms, updates, text: JSON.stringify(last.parts) };
}

const times: Record<'before' | 'after', number[]> = { before: [], after: [] };
const updates: Record<string, number> = {};
await run('before');
await run('after');
for (let r = 0; r < rounds; r++) {
  const order = Math.random() < 0.5 ? (['before', 'after'] as const) : (['after', 'before'] as const);
  const texts: string[] = [];
  for (const kind of order) {
    const result = await run(kind);
    times[kind].push(result.ms);
    updates[kind] = result.updates;
    texts.push(result.text);
  }
  if (texts[0] !== texts[1]) throw new Error('the two transports produced different final parts');
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`${fixture ?? `${deltas} text deltas`}, ${bytes.length} bytes in ${Math.ceil(bytes.length / READ)} reads of ${READ / 1024} KiB, ${rounds} rounds (Node ${process.version})`);
for (const kind of ['before', 'after'] as const) {
  console.log(`  ${kind === 'before' ? 'DefaultChatTransport' : 'AgentChatTransport  '}: median ${median(times[kind]).toFixed(1)} ms send → final message, ${updates[kind]} message updates`);
}
console.log(`  ratio after/before: ${(median(times.after) / median(times.before)).toFixed(3)}`);
