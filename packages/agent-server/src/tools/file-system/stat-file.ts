import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { PathResolver } from './resolve-path.js';

/** Name, path, size, type and times of a file or directory. */
export async function statFileTool(
  resolver: PathResolver,
  input: { path: string },
): Promise<{ name: string; path: string; size: number; type: 'file' | 'directory' | 'other'; modified: string; created: string }> {
  const { absolute, relative } = await resolver.resolve(input.path);
  const info = await stat(absolute);
  return {
    name: relative ? path.basename(absolute) : '/',
    path: relative || '/',
    size: info.size,
    type: info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other',
    modified: info.mtime.toISOString(),
    created: info.birthtime.toISOString(),
  };
}
