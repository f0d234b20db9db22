/**
 * Diagnostic probe (not a benchmark): what keeps DOM nodes alive after the chat unmounts (S8's
 * "DOM nodes retained"). As S8: a warm-up cycle (mount, one turn, unmount), then N turns and
 * unmount; after GC a heap snapshot is searched for detached DOM nodes, and for the largest groups
 * the shortest retainer path from a GC root is printed (weak edges skipped).
 * `node bench/render/probe-detached.ts [contender] [turns]` (serves bench/render/dist; the
 * unminified `<contender>-diag` build keeps readable names).
 */
import type { CDPSession } from 'playwright-core';
import { withProbePage } from './probe-page.ts';

const contender = process.argv[2] ?? 'ours-diag';
const turns = Number(process.argv[3] ?? 2);

interface RawSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

async function takeSnapshot(cdp: CDPSession): Promise<RawSnapshot> {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  return JSON.parse(chunks.join('')) as RawSnapshot;
}

function retainerPaths(snap: RawSnapshot): void {
  const { meta } = snap.snapshot;
  const nw = meta.node_fields.length;
  const ew = meta.edge_fields.length;
  const nType = meta.node_fields.indexOf('type');
  const nName = meta.node_fields.indexOf('name');
  const nEdges = meta.node_fields.indexOf('edge_count');
  // Chromium marks detached DOM wrappers with `detachedness` 2 (older builds: a "Detached " name).
  const nDetached = meta.node_fields.indexOf('detachedness');
  const eType = meta.edge_fields.indexOf('type');
  const eName = meta.edge_fields.indexOf('name_or_index');
  const eTo = meta.edge_fields.indexOf('to_node');
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const count = snap.nodes.length / nw;
  const name = (n: number) => snap.strings[snap.nodes[n * nw + nName] as number] ?? '?';
  const type = (n: number) => nodeTypes[snap.nodes[n * nw + nType] as number] ?? '?';
  // Reverse edges: for each node, (from, edge index).
  const firstEdge = new Uint32Array(count + 1);
  for (let n = 0, e = 0; n < count; n++) {
    firstEdge[n] = e;
    e += (snap.nodes[n * nw + nEdges] as number) * ew;
  }
  firstEdge[count] = snap.edges.length;
  const retainers: number[][] = Array.from({ length: count }, () => []);
  for (let n = 0; n < count; n++) {
    for (let e = firstEdge[n] as number; e < (firstEdge[n + 1] as number); e += ew) {
      if (edgeTypes[snap.edges[e + eType] as number] === 'weak') continue;
      const to = (snap.edges[e + eTo] as number) / nw;
      retainers[to]!.push(n, e);
    }
  }
  const edgeLabel = (e: number) => {
    const t = edgeTypes[snap.edges[e + eType] as number];
    const raw = snap.edges[e + eName] as number;
    return t === 'element' || t === 'hidden' ? `[${raw}]` : `.${snap.strings[raw] ?? raw}`;
  };
  const detached = new Map<string, number[]>();
  for (let n = 0; n < count; n++) {
    const nm = name(n);
    const isDetached = nm.startsWith('Detached ') || (nDetached >= 0 && snap.nodes[n * nw + nDetached] === 2 && type(n) !== 'synthetic');
    if (isDetached) (detached.get(nm) ?? detached.set(nm, []).get(nm)!).push(n);
  }
  const total = [...detached.values()].reduce((s, l) => s + l.length, 0);
  console.log(`detached DOM nodes: ${total}`);
  for (const [nm, list] of [...detached.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, 8)) console.log(`  ${String(list.length).padStart(6)} × ${nm}`);
  // The shortest path from a root (node 0 is the synthetic root) to a few detached nodes.
  const shown = new Set<string>();
  for (const list of [...detached.values()].sort((a, b) => b.length - a.length).slice(0, 4)) {
    const target = list[0]!;
    // BFS backwards from the target until the synthetic root.
    const prev = new Map<number, [number, number]>();
    const queue = [target];
    prev.set(target, [-1, -1]);
    let found = -1;
    while (queue.length && found < 0) {
      const n = queue.shift()!;
      const r = retainers[n]!;
      for (let i = 0; i < r.length; i += 2) {
        const from = r[i]!;
        if (prev.has(from)) continue;
        prev.set(from, [n, r[i + 1]!]);
        if (from === 0) {
          found = from;
          break;
        }
        queue.push(from);
      }
    }
    if (found < 0) continue;
    const steps: string[] = [];
    for (let n = found; n !== target; ) {
      const [next, edge] = prev.get(n)!;
      steps.push(`${type(n)} ${name(n).slice(0, 50)} ${edgeLabel(edge)}`);
      n = next;
    }
    steps.push(`${type(target)} ${name(target)}`);
    const key = steps.join(' → ');
    if (shown.has(key)) continue;
    shown.add(key);
    console.log(`\npath to a ${name(target)}:\n  ${steps.join('\n  → ')}`);
  }
}

await withProbePage(contender, async ({ cdp, session }) => {
  await session(1, true);
  await session(turns, true);
  retainerPaths(await takeSnapshot(cdp));
});
