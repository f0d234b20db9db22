import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { PathResolver } from './resolve-path.js';

/** Most entries one walk visits (a guard against huge trees). */
export const MAX_WALK_ENTRIES = 10_000;

/** An entry found by a walk: its real path, base-relative path, and kind. */
export interface WalkEntry {
  name: string;
  absolute: string;
  relative: string;
  type: 'file' | 'directory';
  size: number;
}

/**
 * The entries below a directory (recursively when `deep`), sorted by path. Symlinks are followed
 * only when their target stays inside the base; the others are dropped. Each directory is visited once.
 */
export async function walk(resolver: PathResolver, dir: string, deep: boolean): Promise<{ entries: WalkEntry[]; truncated: boolean }> {
  const entries: WalkEntry[] = [];
  const visited = new Set<string>([dir]);
  let truncated = false;
  const visit = async (current: string): Promise<void> => {
    const names = (await readdir(current)).sort();
    for (const name of names) {
      if (entries.length >= MAX_WALK_ENTRIES) {
        truncated = true;
        return;
      }
      const real = await resolver.inside(path.join(current, name));
      if (!real) continue;
      const info = await stat(real).catch(() => undefined);
      if (!info || (!info.isFile() && !info.isDirectory())) continue;
      const type = info.isDirectory() ? 'directory' : 'file';
      entries.push({ name, absolute: real, relative: resolver.relative(path.join(current, name)), type, size: info.size });
      if (deep && type === 'directory' && !visited.has(real)) {
        visited.add(real);
        await visit(real);
      }
    }
  };
  await visit(dir);
  entries.sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
  return { entries, truncated };
}
