/**
 * Generates the render benchmark's fixtures (deterministic: a seeded PRNG, no clock, no model) and
 * writes them to ./fixtures. Run once and commit the output: `node bench/render/gen-fixtures.ts`.
 *
 * A stream fixture is the list of pre-encoded SSE frames of one AI SDK UI message stream (protocol
 * v1) that the fixture server replays on a timer. A "token" is one `text-delta` of about 4
 * characters. Every K tokens the text carries a sequence marker `§N§` (its own token, placed
 * inside a line so that it never breaks table or list syntax); the page records when each marker
 * arrives over the network and when it first appears in the DOM (display lag), and the harness
 * waits for the last marker instead of a wall-clock quiet window.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const outDir = path.join(here, 'fixtures');

/** Mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'stream token render frame commit server client message thread reply agent model tool call result ' +
  'markdown table list code block parse layout paint browser react hook state update queue buffer ' +
  'latency budget measure median ratio baseline peer kit chat user answer question context window ' +
  'request response header body chunk delta event loop worker memory heap node element scroll view ' +
  'the a of to and in is it that for on with as at by from this be are was can will not all one'
).split(' ');

class Writer {
  private readonly rnd: () => number;
  constructor(seed: number) {
    this.rnd = prng(seed);
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.rnd() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rnd() * items.length)] as T;
  }
  words(n: number): string {
    return Array.from({ length: n }, () => this.pick(WORDS)).join(' ');
  }
  sentence(): string {
    const s = this.words(this.int(6, 16));
    return s.charAt(0).toUpperCase() + s.slice(1) + '.';
  }
  paragraph(): string {
    return Array.from({ length: this.int(2, 5) }, () => this.sentence()).join(' ');
  }
  list(ordered: boolean): string {
    return Array.from({ length: this.int(3, 6) }, (_, i) => `${ordered ? `${i + 1}.` : '-'} ${this.sentence()}`).join('\n');
  }
  table(): string {
    const cols = this.int(3, 4);
    const head = `| ${Array.from({ length: cols }, () => this.pick(WORDS)).join(' | ')} |`;
    const sep = `|${' --- |'.repeat(cols)}`;
    const rows = Array.from(
      { length: this.int(3, 6) },
      () => `| ${Array.from({ length: cols }, () => this.words(this.int(1, 3))).join(' | ')} |`,
    );
    return [head, sep, ...rows].join('\n');
  }
  code(): string {
    const lines = Array.from({ length: this.int(6, 14) }, () => {
      const indent = '  '.repeat(this.int(0, 2));
      return `${indent}const ${this.pick(WORDS)}${this.int(1, 99)} = ${this.pick(WORDS)}(${this.pick(WORDS)}, ${this.int(0, 999)});`;
    });
    return ['```ts', ...lines, '```'].join('\n');
  }
  /** A markdown document of about `chars` characters mixing every block kind. */
  document(chars: number, rich: boolean): string {
    const blocks: string[] = [];
    let size = 0;
    let i = 0;
    while (size < chars) {
      const kind = rich ? i % 6 : i % 3;
      const block =
        kind === 0
          ? `## ${this.words(this.int(2, 5))}`
          : kind === 1 || kind === 3
            ? this.paragraph()
            : kind === 2
              ? this.list(this.rnd() < 0.5)
              : kind === 4
                ? this.table()
                : this.code();
      blocks.push(block);
      size += block.length + 2;
      i++;
    }
    return blocks.join('\n\n');
  }
}

/** Splits text into tokens of about 4 characters (word pieces; whitespace stays attached). */
function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
    for (let i = 0; i < piece.length; i += 4) {
      const rest = piece.length - i;
      // Do not leave a token of only whitespace or of 1–2 characters behind.
      const take = rest <= 6 ? rest : 4;
      tokens.push(piece.slice(i, i + take));
      i += take - 4;
    }
  }
  return tokens;
}

/** Inserts a marker token every `every` tokens where it cannot break block syntax; returns last seq. */
function withMarkers(tokens: string[], every: number): { tokens: string[]; lastSeq: number } {
  const out: string[] = [];
  let seq = 0;
  let sinceMarker = 0;
  let line = '';
  for (const token of tokens) {
    const canMark = line.endsWith(' ') && line.trim().length > 0 && !line.startsWith('```');
    if (sinceMarker >= every && canMark) {
      seq++;
      out.push(`§${seq}§ `);
      sinceMarker = 0;
    }
    out.push(token);
    sinceMarker++;
    const nl = token.lastIndexOf('\n');
    line = nl >= 0 ? token.slice(nl + 1) : line + token;
  }
  // Closing marker: the harness waits for it, so the complete text has rendered.
  seq++;
  out.push(` §${seq}§`);
  return { tokens: out, lastSeq: seq };
}

const sse = (chunk: unknown): string => `data: ${JSON.stringify(chunk)}\n\n`;

interface StreamFixture {
  name: string;
  description: string;
  /** Text tokens (text-delta frames), markers included. */
  tokens: number;
  /** Sequence number of the final marker. */
  lastSeq: number;
  /** Total characters of assistant text. */
  chars: number;
  /** Pre-encoded SSE frames, replayed one per tick by the fixture server. */
  frames: string[];
}

function textFrames(tokens: string[], id: string): string[] {
  return [
    sse({ type: 'text-start', id }),
    ...tokens.map((delta) => sse({ type: 'text-delta', id, delta })),
    sse({ type: 'text-end', id }),
  ];
}

function streamFixture(name: string, description: string, text: string, every: number, before: string[] = []): StreamFixture {
  const { tokens, lastSeq } = withMarkers(tokenize(text), every);
  const frames = [
    sse({ type: 'start', messageId: `msg-${name}` }),
    sse({ type: 'start-step' }),
    ...before,
    ...textFrames(tokens, 'txt-1'),
    sse({ type: 'finish-step' }),
    sse({ type: 'finish', finishReason: 'stop' }),
    'data: [DONE]\n\n',
  ];
  return { name, description, tokens: tokens.length, lastSeq, chars: tokens.join('').length, frames };
}

/** 20 tool calls with ~5 KB outputs (one step), then the text in a second step. */
function toolFrames(w: Writer, count: number): string[] {
  const frames: string[] = [];
  for (let i = 1; i <= count; i++) {
    const toolCallId = `call-${i}`;
    const input = { query: w.words(4), page: i };
    const json = JSON.stringify(input);
    frames.push(sse({ type: 'tool-input-start', toolCallId, toolName: 'lookup' }));
    for (let j = 0; j < json.length; j += 12) {
      frames.push(sse({ type: 'tool-input-delta', toolCallId, inputTextDelta: json.slice(j, j + 12) }));
    }
    frames.push(sse({ type: 'tool-input-available', toolCallId, toolName: 'lookup', input }));
    const rows = Array.from({ length: 40 }, (_, r) => ({ id: r, title: w.words(6), snippet: w.words(12) }));
    frames.push(sse({ type: 'tool-output-available', toolCallId, output: { tool: i, rows } }));
  }
  frames.push(sse({ type: 'finish-step' }), sse({ type: 'start-step' }));
  return frames;
}

interface HistoryMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: Array<{ type: 'text'; text: string; state?: 'done' }>;
}

function history(count: number, seed: number): HistoryMessage[] {
  const w = new Writer(seed);
  return Array.from({ length: count }, (_, i) => {
    const user = i % 2 === 0;
    const text = user ? w.sentence() : w.document(w.int(200, 700), i % 10 === 1);
    return {
      id: `h-${count}-${i}`,
      role: user ? 'user' : 'assistant',
      parts: [{ type: 'text', text, ...(user ? {} : { state: 'done' as const }) }],
    };
  });
}

function write(name: string, value: unknown): void {
  const file = path.join(outDir, `${name}.json`);
  writeFileSync(file, JSON.stringify(value));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

mkdirSync(outDir, { recursive: true });

const short = new Writer(1);
write('short', streamFixture('short', 'S1: ~300-token answer, prose and a list', short.document(1150, false), 5));

const long = new Writer(2);
write('long', streamFixture('long', 'S2/S3/S5: ~10k-token answer (~40k chars) with prose, lists, tables and fenced code', long.document(39_000, true), 10));

const medium = new Writer(4);
write('medium', streamFixture('medium', 'S5 (quick mode): ~2.5k-token answer (~10k chars) with prose, lists, tables and code', medium.document(9_700, true), 10));

const agentic = new Writer(3);
const tools = toolFrames(agentic, 20);
write('agentic', streamFixture('agentic', 'S7: 20 tool calls with ~5 KB outputs, then a ~2k-token answer', agentic.document(7_600, true), 10, tools));

for (const count of [10, 100, 1000, 10_000]) write(`history-${count}`, history(count, 100 + count));
