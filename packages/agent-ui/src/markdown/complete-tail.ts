/**
 * Makes the still-streaming tail block of markdown render cleanly: closes an open code fence,
 * inline code, `**` and `~~`, and shows half-written links and images as their text. Linear in the
 * tail's length; finished blocks never go through it.
 */
export function completeTail(tail: string): string {
  const fences = tail.match(/^ {0,3}(`{3,}|~{3,})/gm);
  if (fences && fences.length % 2 === 1) {
    const marker = fences[0]!.trim().match(/^(`+|~+)/)![1]!;
    return `${tail}${tail.endsWith('\n') ? '' : '\n'}${marker}`;
  }
  let text = tail
    // A half-written image is dropped; a half-written link shows its text.
    .replace(/!\[[^\]\n]*(?:\]\([^)\n]*)?$/, '')
    .replace(/\[([^\]\n]*)\]\([^)\n]*$/, '$1')
    .replace(/\[([^\]\n]*)$/, '$1');
  const ticks = (text.match(/`/g) ?? []).length;
  if (ticks % 2 === 1) text += '`';
  // Count emphasis markers outside inline code.
  const outsideCode = text.replace(/`[^`]*`/g, '');
  if ((outsideCode.match(/\*\*/g) ?? []).length % 2 === 1) text = text.replace(/\s+$/, '') + '**';
  if ((outsideCode.match(/~~/g) ?? []).length % 2 === 1) text = text.replace(/\s+$/, '') + '~~';
  return text;
}
