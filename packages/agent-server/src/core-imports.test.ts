import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** The bare module specifiers the core loads statically from `file` (type-only imports are erased). */
function staticImports(entry: string): { modules: Set<string>; files: Set<string> } {
  const modules = new Set<string>();
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    const pattern = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
    for (const [, spec] of source.matchAll(pattern)) {
      if (spec!.startsWith('.')) visit(resolve(dirname(file), spec!.replace(/\.js$/, '.ts')));
      else modules.add(spec!);
    }
  };
  visit(join(here, entry));
  return { modules, files };
}

describe('the core runs outside Node (browser service worker, edge)', () => {
  it('imports no node: module and no stdio MCP statically; those load lazily when used', () => {
    const { modules, files } = staticImports('index.ts');
    expect(files.size).toBeGreaterThan(20);
    expect([...modules].filter((m) => m.startsWith('node:') || ['fs', 'path', 'child_process', 'os'].includes(m))).toEqual([]);
    expect(modules.has('@ai-sdk/mcp/mcp-stdio')).toBe(false);
    // redisRunLog loads ioredis (node:net) on first use.
    expect(modules.has('ioredis')).toBe(false);
    expect([...files].some((f) => f.includes('file-system'))).toBe(false);
    // HTTP tools' request code (node:http, node:dns) loads only when an agent has an HTTP tool.
    expect([...files].filter((f) => /http-(request|tools)\.ts$|ssrf-guard\.ts$/.test(f))).toEqual([]);
  });
});
