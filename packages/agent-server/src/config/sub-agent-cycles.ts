/**
 * Every cycle of the sub-agent graph (`edges[id]` = the agents `id` delegates to), each once, as the
 * list of ids from its first agent back to it (`['a', 'b', 'a']`; a self-reference is `['a', 'a']`).
 * Diamonds (two paths to the same agent) are not cycles.
 */
export function findSubAgentCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const seen = new Set<string>();

  const visit = (id: string): void => {
    state.set(id, 'visiting');
    stack.push(id);
    for (const next of edges.get(id) ?? []) {
      if (!edges.has(next)) continue;
      const s = state.get(next);
      if (s === 'visiting') {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        const key = canonical(cycle);
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(cycle);
        }
      } else if (s === undefined) {
        visit(next);
      }
    }
    stack.pop();
    state.set(id, 'done');
  };

  for (const id of edges.keys()) if (!state.has(id)) visit(id);
  return cycles;
}

/** The same cycle started at its smallest id, so rotations compare equal. */
function canonical(cycle: string[]): string {
  const ring = cycle.slice(0, -1);
  const start = ring.indexOf([...ring].sort()[0]!);
  return [...ring.slice(start), ...ring.slice(0, start)].join('\u0000');
}
