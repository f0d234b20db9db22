/**
 * Diagnostic probe (not a benchmark): what a mounted chat keeps in the JS heap. As S8: the page
 * loads with `?deferMount`, a warm-up cycle (mount, one turn, unmount), then a heap snapshot
 * ("before"), the chat mounted again with N turns of the medium fixture (unpaced), and a second
 * snapshot ("mounted"). Prints the growth by node type and constructor/name, largest first.
 * `node bench/render/probe-heap.ts [contender] [turns] [unmounted]` (serves bench/render/dist;
 * unminified `<contender>-diag` builds keep readable constructor names). With `unmounted`, the
 * second snapshot is taken after the chat unmounted again: what the cycle left behind (S8); with
 * `second`, the warm-up is the same N-turn cycle (S8's "second identical cycle"). Mounted, it also
 * prints the React tree's fibers by component. `ABS=1` also prints the mounted heap's V8 side by
 * key (to compare contenders' whole heaps, as S8 does, not only their growth).
 */
import type { CDPSession } from 'playwright-core';
import { withProbePage } from './probe-page.ts';

const contender = process.argv[2] ?? 'ours';
const turns = Number(process.argv[3] ?? 5);
const afterUnmount = process.argv[4] === 'unmounted' || process.argv[4] === 'second' || process.argv[4] === 'warm-up';
/** `warm-up`: the first snapshot is the page as loaded, the second after the warm-up cycle (what the first cycle leaves: compiled code, caches, chunks loaded on demand). */
const warmUp = process.argv[4] === 'warm-up';
/** `second`: the warm-up is the same N-turn cycle, so the diff is S8's second identical cycle. */
const secondCycle = process.argv[4] === 'second';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/**
 * `SHAPES=1`: plain objects (`Object`) are counted by their first property names too (`Object
 * {memoizedState,baseState,…}` is a hook, `{$$typeof,type,key,…}` a React element): what the
 * objects a mounted chat keeps are.
 */
const shapes = process.env.SHAPES === '1';
/** `CODE=1`: compiled code is counted by its kind (`(bytecode for …)`, regular expression code, …) instead of as one row. */
const codeNames = process.env.CODE === '1';
/** `STRINGS=1`: strings are counted by their first 40 characters. */
const stringNames = process.env.STRINGS === '1';

async function heapSnapshot(cdp: CDPSession): Promise<Map<string, { size: number; count: number }>> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snap = JSON.parse(chunks.join('')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt, edgeCountAt] = ['type', 'name', 'self_size', 'edge_count'].map((f) => fields.indexOf(f)) as [number, number, number, number];
  const edgeWidth = snap.snapshot.meta.edge_fields.length;
  const [edgeTypeAt, edgeNameAt] = ['type', 'name_or_index'].map((f) => snap.snapshot.meta.edge_fields.indexOf(f)) as [number, number];
  const propertyEdge = snap.snapshot.meta.edge_types[0].indexOf('property');
  const byKey = new Map<string, { size: number; count: number }>();
  let edge = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt] as number] ?? '?';
    const edges = snap.nodes[i + edgeCountAt] as number;
    let name = type === 'object' || type === 'closure' || type === 'native' || (codeNames && type === 'code') ? (snap.strings[snap.nodes[i + nameAt] as number] ?? '?') : '';
    if (stringNames && (type === 'string' || type === 'concatenated string')) name = JSON.stringify((snap.strings[snap.nodes[i + nameAt] as number] ?? '?').slice(0, 40));
    if (codeNames && type === 'code') name = name.replace(/^\((\w[\w ]*?) for .*$/, '($1 for …)');
    if (name.length > 60) name = `${name.slice(0, 57)}…`;
    if (shapes && type === 'object' && name === 'Object') {
      const names: string[] = [];
      for (let e = edge; e < edge + edges * edgeWidth && names.length < 4; e += edgeWidth) {
        if (snap.edges[e + edgeTypeAt] === propertyEdge) names.push(snap.strings[snap.edges[e + edgeNameAt] as number] ?? '?');
      }
      name = `Object {${names.join(',')}}`;
    }
    edge += edges * edgeWidth;
    const key = `${type} ${name}`.trim();
    const entry = byKey.get(key) ?? { size: 0, count: 0 };
    entry.size += snap.nodes[i + sizeAt] as number;
    entry.count += 1;
    byKey.set(key, entry);
  }
  return byKey;
}

await withProbePage(contender, async ({ page, cdp, session }) => {
  if (!warmUp) await session(secondCycle ? turns : 1, true);
  const before = await heapSnapshot(cdp);
  await session(turns, afterUnmount);
  const mounted = await heapSnapshot(cdp);
  if (!afterUnmount) {
    // The mounted React tree by component: fibers per function/class name (host elements by tag).
    const fibers = await page.evaluate(() => {
      const container = document.getElementById('root') as unknown as Record<string, unknown>;
      const key = Object.keys(container).find((k) => k.startsWith('__reactContainer$'));
      type Fiber = { type: unknown; tag: number; memoizedState: unknown; child: Fiber | null; sibling: Fiber | null };
      const counts: Record<string, number> = {};
      // Hook states of function components (tags 0, 11 forwardRef, 14/15 memo), as `hooks:Name`.
      const hookTags = new Set([0, 11, 14, 15]);
      const stack: Fiber[] = key ? [container[key] as Fiber] : [];
      while (stack.length) {
        const fiber = stack.pop()!;
        const t = fiber.type as { displayName?: string; name?: string; render?: { name?: string }; type?: { name?: string } } | string | null;
        const label = typeof t === 'string' ? `<${t}>` : t ? (t.displayName ?? t.name ?? t.render?.name ?? t.type?.name ?? '(anonymous)') || '(anonymous)' : '(text or root)';
        counts[label] = (counts[label] ?? 0) + 1;
        if (hookTags.has(fiber.tag)) {
          let hooks = 0;
          for (let hook = fiber.memoizedState as { next: unknown } | null; hook && typeof hook === 'object' && 'next' in hook; hook = hook.next as { next: unknown } | null) hooks++;
          if (hooks) counts[`hooks:${label}`] = (counts[`hooks:${label}`] ?? 0) + hooks;
        }
        if (fiber.child) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
      }
      return counts;
    });
    const all = Object.entries(fibers).sort((a, b) => b[1] - a[1]);
    const rows = all.filter(([name]) => !name.startsWith('hooks:'));
    const hooks = all.filter(([name]) => name.startsWith('hooks:'));
    console.log(`fibers mounted: ${rows.reduce((s, [, n]) => s + n, 0)}; by component: ${rows.slice(0, Number(process.env.TOP ?? 25)).map(([n, c]) => `${n} ${c}`).join(' · ')}`);
    console.log(`hook states: ${hooks.reduce((s, [, n]) => s + n, 0)}; by component: ${hooks.slice(0, Number(process.env.TOP ?? 25)).map(([n, c]) => `${n.slice(6)} ${c}`).join(' · ')}`);
  }
  const total = (m: Map<string, { size: number }>) => [...m.values()].reduce((s, e) => s + e.size, 0);
  console.log(`${contender}: heap (snapshot self sizes) before mount ${(total(before) / 2 ** 20).toFixed(2)} MB, ${afterUnmount ? `after ${turns} turns and unmount` : `with ${turns} turns mounted`} ${(total(mounted) / 2 ** 20).toFixed(2)} MB`);
  const rows = [...mounted.entries()]
    .map(([key, e]) => ({ key, size: e.size - (before.get(key)?.size ?? 0), count: e.count - (before.get(key)?.count ?? 0) }))
    .sort((a, b) => b.size - a.size)
    .slice(0, 30);
  for (const r of rows) console.log(`  ${(r.size / 1024).toFixed(0).padStart(7)} KB  ${String(r.count).padStart(7)} ×  ${r.key}`);
  // ABS=1: the mounted heap itself by key, V8's side only (no `native` rows: S8 reads V8's heap),
  // to compare two contenders' whole heaps rather than their growth over the page as loaded.
  if (process.env.ABS === '1') {
    const v8 = [...mounted.entries()].filter(([key]) => !key.startsWith('native') && !key.startsWith('synthetic'));
    console.log(`V8 side, mounted: ${(v8.reduce((s, [, e]) => s + e.size, 0) / 2 ** 20).toFixed(2)} MB; largest:`);
    for (const [key, e] of v8.sort((a, b) => b[1].size - a[1].size).slice(0, Number(process.env.TOP ?? 40))) console.log(`  ${(e.size / 1024).toFixed(0).padStart(7)} KB  ${String(e.count).padStart(7)} ×  ${key}`);
  }
  // FILTER=regex: also the growth of the matching keys (e.g. FILTER='Marked|Renderer|Parser|DOMPurify').
  const filter = process.env.FILTER ? new RegExp(process.env.FILTER) : undefined;
  if (filter) {
    console.log(`matching /${filter.source}/:`);
    for (const [key, e] of mounted) {
      if (!filter.test(key)) continue;
      const grew = { size: e.size - (before.get(key)?.size ?? 0), count: e.count - (before.get(key)?.count ?? 0) };
      if (grew.count !== 0) console.log(`  ${(grew.size / 1024).toFixed(1).padStart(8)} KB  ${String(grew.count).padStart(7)} ×  ${key}`);
    }
  }
});
