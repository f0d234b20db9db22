import type { Rollup } from 'vite';

/**
 * Splits a Vite/Rolldown build's chunks into the first load — the entry chunks and everything they
 * import statically, what loads before the first paint — and the chunks behind `import()`. Shared by
 * scripts/first-load.ts (src/first-load.test.ts) and `pnpm bench:size`.
 */
export function firstLoadChunks(output: Rollup.RollupOutput | Rollup.RollupOutput[]): { chunks: Rollup.OutputChunk[]; first: Set<Rollup.OutputChunk>; lazy: Rollup.OutputChunk[] } {
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const first = new Set<Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk | undefined) => {
    if (!chunk || first.has(chunk)) return;
    first.add(chunk);
    chunk.imports.forEach((name) => visit(byName.get(name)));
  };
  chunks.filter((c) => c.isEntry).forEach(visit);
  return { chunks, first, lazy: chunks.filter((c) => !first.has(c)) };
}
