import { stat } from 'node:fs/promises';
import { globMatcher } from './glob.js';
import { FileToolError, type PathResolver } from './resolve-path.js';
import { walk } from './walk.js';

/** One entry of `list-files`. */
export interface ListedFile {
  name: string;
  path: string;
  type: 'file' | 'directory';
  size: number;
}

/**
 * The entries of a directory, sorted by path; with `glob`, every entry below it whose path
 * (relative to that directory) matches. Entries leading outside the base are dropped.
 */
export async function listFilesTool(
  resolver: PathResolver,
  input: { path?: string | undefined; glob?: string | undefined },
): Promise<{ path: string; entries: ListedFile[]; truncated?: true }> {
  const { absolute, relative } = await resolver.resolve(input.path);
  if (!(await stat(absolute)).isDirectory()) throw new FileToolError(`"${relative || '/'}" is not a directory; use stat-file or read-file`);
  const { entries, truncated } = await walk(resolver, absolute, input.glob !== undefined);
  const prefix = relative ? `${relative}/` : '';
  const matcher = input.glob !== undefined ? globMatcher(input.glob) : undefined;
  const listed = entries
    .filter((e) => !matcher || matcher(e.relative.slice(prefix.length)))
    .map((e): ListedFile => ({ name: e.name, path: e.relative, type: e.type, size: e.size }));
  return { path: relative || '/', entries: listed, ...(truncated ? { truncated: true as const } : {}) };
}
