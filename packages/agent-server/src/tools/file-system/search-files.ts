import { readFile, stat } from 'node:fs/promises';
import { globMatcher } from './glob.js';
import type { PathResolver } from './resolve-path.js';
import { walk } from './walk.js';

/** Files larger than this are skipped by `search-files`. */
export const SEARCH_MAX_FILE_BYTES = 1024 * 1024;
/** Most matches `search-files` returns, over all files. */
export const SEARCH_MAX_MATCHES = 200;
/** Lines of context before and after each match. */
export const SEARCH_CONTEXT_LINES = 2;

/** One matching line with its neighbours. */
export interface SearchMatch {
  lineNumber: number;
  line: string;
  context: { before: string[]; after: string[] };
}

/**
 * Case-insensitive substring search through the text files under `path` (optionally only those
 * matching `glob`). Files over 1 MiB and binary files are skipped; at most 200 matches in all.
 */
export async function searchFilesTool(
  resolver: PathResolver,
  input: { query: string; path?: string | undefined; glob?: string | undefined },
): Promise<{ query: string; results: { path: string; matches: SearchMatch[] }[]; truncated?: true; skipped?: string[] }> {
  const query = input.query.toLowerCase();
  const { absolute, relative } = await resolver.resolve(input.path);
  const isDir = (await stat(absolute)).isDirectory();
  const files = isDir
    ? (await walk(resolver, absolute, true)).entries.filter((e) => e.type === 'file')
    : [{ absolute, relative, size: (await stat(absolute)).size }];
  const prefix = isDir && relative ? `${relative}/` : '';
  const matcher = input.glob !== undefined ? globMatcher(input.glob) : undefined;
  const results: { path: string; matches: SearchMatch[] }[] = [];
  const skipped: string[] = [];
  let total = 0;
  let truncated = false;
  for (const file of files) {
    if (matcher && !matcher(file.relative.slice(prefix.length))) continue;
    if (file.size > SEARCH_MAX_FILE_BYTES) {
      skipped.push(file.relative);
      continue;
    }
    const bytes = await readFile(file.absolute);
    if (bytes.includes(0)) continue; // binary
    const lines = new TextDecoder('utf-8').decode(bytes).split(/\r?\n/);
    const matches: SearchMatch[] = [];
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i]!.toLowerCase().includes(query)) continue;
      if (total >= SEARCH_MAX_MATCHES) {
        truncated = true;
        break;
      }
      total++;
      matches.push({
        lineNumber: i + 1,
        line: lines[i]!,
        context: { before: lines.slice(Math.max(0, i - SEARCH_CONTEXT_LINES), i), after: lines.slice(i + 1, i + 1 + SEARCH_CONTEXT_LINES) },
      });
    }
    if (matches.length > 0) results.push({ path: file.relative, matches });
    if (truncated) break;
  }
  return { query: input.query, results, ...(truncated ? { truncated: true as const } : {}), ...(skipped.length > 0 ? { skipped } : {}) };
}
