/** SSE framing for the load generator, which reads node:http bodies (cheaper per chunk than a Web stream reader). */

/** The complete event blocks in `buffer` (separated by a blank line) and the incomplete rest. */
export function sseBlocks(buffer: string): { blocks: string[]; rest: string } {
  const parts = buffer.split('\n\n');
  const rest = parts.pop() ?? '';
  return { blocks: parts, rest };
}

/** One event block's `id:` (if any) and `data:` text (data lines joined by newlines; comments ignored). */
export function parseSseBlock(block: string): { id: string | undefined; data: string } {
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('id:')) id = line.slice(line.startsWith('id: ') ? 4 : 3);
    else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
  }
  return { id, data: data.join('\n') };
}
