/**
 * What the diagnostic probes (probe-eval.ts, probe-mount-modules.ts) share: the bundled module a line
 * of a contender's chunk belongs to, read from the `// path` region comments of an unminified `-diag`
 * build (node_modules paths shortened to the package's, workspace packages to `@x/…`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);

/**
 * `moduleAt(url, line)` for the chunks of `dist/<contender>`: the module whose region holds that line
 * (0-based), or `fallback` for lines before any region and for files that are not chunks of the build.
 */
export function bundleModules(contender: string): (url: string, line: number, fallback?: string) => string {
  const regions = new Map<string, Array<[number, string]>>();
  const regionsOf = (url: string) => {
    let found = regions.get(url);
    if (found) return found;
    const list: Array<[number, string]> = [];
    const file = path.join(here, 'dist', contender, 'assets', url.split('/').pop() ?? '');
    try {
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        const m = /^\/\/ (?:#region )?(\S+\.(?:m?js|ts|tsx|cjs|css))\s*$/.exec(line);
        if (m) list.push([i, m[1]!.replace(/^.*node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?/, '').replace(/^.*packages\//, '@x/')]);
      });
    } catch {
      // not a chunk of this build (the page, an extension)
    }
    found = list;
    regions.set(url, found);
    return found;
  };
  return (url, line, fallback = '?') => {
    let name = fallback;
    for (const [at, m] of regionsOf(url)) {
      if (at > line) break;
      name = m;
    }
    return name;
  };
}
