import { open, stat } from 'node:fs/promises';
import { FileToolError, type PathResolver } from './resolve-path.js';

/** Most characters one `read-file` call returns, whatever the result cap. */
export const READ_FILE_MAX_CHARS = 512 * 1024;

/** What `read-file` takes: a path and, to page through a large file, lines or bytes. */
export interface ReadFileInput {
  path: string;
  /** 1-based line to start at. */
  offset?: number | undefined;
  /** Most lines to return. */
  limit?: number | undefined;
  /** Byte to start at (moved forward to the next whole character); instead of `offset`. */
  byteOffset?: number | undefined;
  /** Most bytes to return. */
  byteLimit?: number | undefined;
}

const CHUNK = 64 * 1024;
/** How far past the window lines are still counted (the notice says "at least" beyond). */
const COUNT_AHEAD_BYTES = 32 * 1024 * 1024;

/**
 * The UTF-8 text of a file, or the window of it asked for. What is returned always fits in
 * `maxChars` (the tool result cap), so the cap never cuts it: when the window is not the whole file,
 * a notice names the lines and bytes shown, the file's real size and line count, the exact
 * `read-file` call that reads on (next `offset`, or `byteOffset` when a line was cut), and points
 * to `search-files`. The file is streamed, never loaded whole.
 */
export async function readFileTool(resolver: PathResolver, input: ReadFileInput, maxChars: number): Promise<string> {
  const { absolute, relative } = await resolver.resolve(input.path);
  if (input.offset !== undefined && input.byteOffset !== undefined) throw new FileToolError('Pass offset (lines) or byteOffset, not both.');
  const info = await stat(absolute);
  if (info.isDirectory()) throw new FileToolError(`"${relative || '/'}" is a directory; use list-files`);
  const size = info.size;
  const byteMode = input.byteOffset !== undefined || input.byteLimit !== undefined;
  const worstNotice = notice({ relative, size, totalLines: size, atLeast: true, byteMode: true, first: size, last: size, start: size, end: size, next: { key: 'byteOffset', value: size } });
  const budget = Math.max(200, Math.min(READ_FILE_MAX_CHARS, maxChars - worstNotice.length - 16));

  const fromByte = input.byteOffset ?? 0;
  const fromLine = input.offset ?? 1;
  const byteLimit = input.byteLimit ?? Infinity;
  const lineLimit = input.limit ?? Infinity;
  let state: 'before' | 'in' | 'after' = 'before';
  let line = 1; // line of the byte being looked at
  let start = 0;
  let end = 0;
  let firstLine = 1;
  let lastLine = 1;
  let units = 0; // UTF-16 code units of the window
  let linesIn = 0;
  let lastByte = -1; // last byte of the window
  let fileLastByte = -1;
  const parts: Uint8Array[] = [];
  let scanned = 0;

  const handle = await open(absolute, 'r');
  try {
    const buffer = new Uint8Array(CHUNK);
    for (; scanned < size; ) {
      const pos = scanned;
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, pos);
      if (bytesRead === 0) break;
      let windowFrom = -1;
      let windowTo = -1;
      for (let j = 0; j < bytesRead; j++) {
        const b = buffer[j]!;
        const i = pos + j;
        const charStart = (b & 0xc0) !== 0x80;
        if (state === 'before' && charStart && (byteMode ? i >= fromByte : line >= fromLine)) {
          state = 'in';
          start = i;
          firstLine = line;
          windowFrom = j;
        }
        if (state === 'in' && charStart) {
          const cost = b >= 0xf0 ? 2 : 1;
          if (units + cost > budget || i - start >= byteLimit || linesIn >= lineLimit) {
            state = 'after';
            end = i;
            windowTo = j;
          } else units += cost;
        }
        if (state === 'in') {
          lastLine = line;
          lastByte = b;
          if (b === 0x0a) linesIn++;
        }
        if (b === 0x0a) line++;
      }
      fileLastByte = buffer[bytesRead - 1]!;
      if (windowFrom >= 0 || state === 'in' || windowTo >= 0) {
        const from = windowFrom >= 0 ? windowFrom : 0;
        const to = windowTo >= 0 ? windowTo : bytesRead;
        if (to > from) parts.push(buffer.slice(from, to));
      }
      scanned += bytesRead;
      if (state === 'in') end = scanned;
      if (state === 'after' && scanned - end > COUNT_AHEAD_BYTES) break;
    }
  } finally {
    await handle.close();
  }
  const counted = scanned >= size;
  const totalLines = size === 0 ? 0 : !counted ? line - 1 : fileLastByte === 0x0a ? line - 1 : line;

  if (state === 'before') {
    if (size === 0) return '';
    if (byteMode) throw new FileToolError(`byteOffset ${fromByte} is past the end of "${relative}" (${size} bytes).`);
    throw new FileToolError(`offset ${fromLine} is past the end of "${relative}", which has ${totalLines} lines.`);
  }
  const text = new TextDecoder('utf-8').decode(concat(parts));
  if (start === 0 && end === size) return text;
  const endsOnLine = lastByte === 0x0a;
  const next =
    end >= size ? undefined : endsOnLine && !byteMode ? { key: 'offset' as const, value: lastLine + 1 } : { key: 'byteOffset' as const, value: end };
  const note = notice({ relative, size, totalLines, atLeast: !counted, byteMode: byteMode || !endsOnLine, first: firstLine, last: lastLine, start, end: end - 1, next });
  return `${text}\n\n${note}`;
}

function notice(n: {
  relative: string;
  size: number;
  totalLines: number;
  /** Lines were counted only part of the way (a very large file): the count is a lower bound. */
  atLeast?: boolean;
  byteMode: boolean;
  first: number;
  last: number;
  start: number;
  end: number;
  next: { key: 'offset' | 'byteOffset'; value: number } | undefined;
}): string {
  const lines = `lines ${n.first}–${n.last}`;
  const bytes = `bytes ${n.start}–${n.end}`;
  const range = n.byteMode ? `${bytes} (${lines})` : `${lines} (${bytes})`;
  const path = JSON.stringify(n.relative);
  const readOn = n.next ? `To read on: read-file { "path": ${path}, "${n.next.key}": ${n.next.value} }.` : 'Nothing more to read: end of file.';
  return (
    `[read-file: showing ${range} of ${n.atLeast ? 'at least ' : ''}${n.totalLines} lines in ${path}, ${formatSize(n.size)} (${n.size} bytes). ${readOn} ` +
    'Use search-files to find specific content in this file.]'
  );
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** `512 KiB`, `1.5 MiB`, `300 B`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MiB`;
}
