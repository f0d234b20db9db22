import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** Every non-test `.ts` source under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The relative modules a file loads at run time: static imports and re-exports (type-only ones are
 * erased, so they are left out) and dynamic `import('…')` — a cycle hidden behind a dynamic import
 * is still a cycle.
 */
function runtimeImports(file: string, source: string): string[] {
  const found: string[] = [];
  const staticPattern = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;
  const dynamicPattern = /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  for (const pattern of [staticPattern, dynamicPattern]) {
    for (const [, spec] of source.matchAll(pattern)) found.push(resolve(dirname(file), spec!.replace(/\.js$/, '.ts')));
  }
  return found;
}

/** The cycles of a graph (one per strongly connected component bigger than one file, or a self-import). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const connect = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles;
}

describe('import graph of packages/agent-server/src', () => {
  it('has no import cycle (static or dynamic imports)', () => {
    const graph = new Map<string, string[]>();
    for (const file of sources(here)) graph.set(file, runtimeImports(file, readFileSync(file, 'utf8')));
    expect(graph.size).toBeGreaterThan(40);
    const cycles = findCycles(graph).map((cycle) => cycle.map((f) => relative(here, f)));
    expect(cycles).toEqual([]);
  });

  it('finds a cycle through a dynamic import (the check can fail)', () => {
    const a = resolve(here, 'a.ts');
    const b = resolve(here, 'b.ts');
    const c = resolve(here, 'c.ts');
    const graph = new Map([
      [a, runtimeImports(a, "import { b } from './b.js';")],
      [b, runtimeImports(b, "const { c } = await import('./c.js');\nimport type { A } from './a.js';")],
      [c, runtimeImports(c, "export { a } from './a.js';")],
    ]);
    expect(findCycles(graph)).toEqual([[a, b, c].sort()]);
    graph.set(c, runtimeImports(c, "export type { A } from './a.js';"));
    expect(findCycles(graph)).toEqual([]);
  });
});
