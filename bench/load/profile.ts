/** Summary of a V8 `.cpuprofile` (inspector `Profiler.stop`): self time by function and by module. */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileSummary {
  totalMs: number;
  /** Share of sampled time spent idle (the `(idle)` node). The other shares are of the busy (non-idle) time. */
  idlePct: number;
  busyMs: number;
  top: Array<{ name: string; where: string; selfMs: number; pct: number }>;
  byModule: Array<{ module: string; selfMs: number; pct: number }>;
}

/** Where a function lives, coarse: a package under node_modules, a workspace package, node's internals, or a V8 pseudo-node. */
export function moduleOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return url.split('/').slice(0, url.startsWith('node:internal/') ? 2 : 1).join('/');
  const inModules = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  const workspace = /\/packages\/([^/]+)\//.exec(url);
  if (workspace) return `@x/${workspace[1]}`;
  return url.split('/').slice(-2).join('/');
}

export function summariseProfile(profile: CpuProfile, top = 15): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  if (profile.samples && profile.timeDeltas) {
    // A sample's time is the delta to the next one.
    for (let i = 0; i < profile.samples.length; i++) {
      const dt = profile.timeDeltas[i + 1] ?? 0;
      self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + dt);
    }
  } else {
    const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.nodes.reduce((s, n) => s + (n.hitCount ?? 0), 0));
    for (const n of profile.nodes) self.set(n.id, (n.hitCount ?? 0) * interval);
  }
  const totalUs = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const functions = new Map<string, { name: string; where: string; us: number }>();
  const modules = new Map<string, number>();
  let idleUs = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') idleUs += us;
    const module = moduleOf(url, functionName);
    const where = url ? `${module.startsWith('node:') ? '' : `${module} `}${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : '';
    const key = `${functionName}@${where}`;
    const entry = functions.get(key) ?? { name: functionName || '(anonymous)', where, us: 0 };
    entry.us += us;
    functions.set(key, entry);
    modules.set(module, (modules.get(module) ?? 0) + us);
  }
  const busyUs = totalUs - idleUs || 1;
  const pct = (us: number) => (us / busyUs) * 100;
  return {
    totalMs: totalUs / 1000,
    idlePct: (idleUs / totalUs) * 100,
    busyMs: busyUs / 1000,
    top: [...functions.values()]
      .filter((f) => f.name !== '(idle)')
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ name: f.name, where: f.where, selfMs: f.us / 1000, pct: pct(f.us) })),
    byModule: [...modules.entries()]
      .filter(([module]) => module !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([module, us]) => ({ module, selfMs: us / 1000, pct: pct(us) })),
  };
}
