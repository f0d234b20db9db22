import { tool, type Tool } from 'ai';
import { z } from 'zod';
import { DEFAULTS } from '../../config/defaults.js';
import type { FileSystemConfig } from '../../config/tool-types.js';
import type { ToolEntry } from '../tool-entry.js';
import { listFilesTool } from './list-files.js';
import { readFileTool } from './read-file.js';
import { PathResolver } from './resolve-path.js';
import { searchFilesTool } from './search-files.js';
import { statFileTool } from './stat-file.js';

const pathField = z.string().describe('Path relative to the root of the allowed directory ("" or "/" is the root).');

/**
 * The read-only file-system tools under `config.basePath`: `read-file`, `list-files`,
 * `search-files`, `stat-file`. Node only: this module is imported lazily, when an agent has a
 * `fileSystem`.
 */
export async function buildFileSystemTools(
  config: FileSystemConfig,
  options: { resultMaxChars?: number } = {},
): Promise<ToolEntry[]> {
  const resultMaxChars = options.resultMaxChars ?? DEFAULTS.toolResultMaxChars;
  const resolver = await PathResolver.create(config.basePath);
  const entry = (name: string, t: unknown): ToolEntry => ({ name, tool: t as Tool, confirm: false, source: 'file-system' });
  return [
    entry(
      'read-file',
      tool({
        description:
          'Read a UTF-8 text file, or part of it. A long file comes back in pages: the notice at the end gives its size and ' +
          'the exact call that reads on (offset = 1-based line to start at, limit = most lines; byteOffset/byteLimit for ' +
          'files with very long lines). Use search-files to find content in large files.',
        inputSchema: z.object({
          path: pathField,
          offset: z.number().int().min(1).optional().describe('1-based line to start at.'),
          limit: z.number().int().min(1).optional().describe('Most lines to return.'),
          byteOffset: z.number().int().min(0).optional().describe('Byte to start at, instead of offset.'),
          byteLimit: z.number().int().min(1).optional().describe('Most bytes to return.'),
        }),
        execute: (input) => readFileTool(resolver, input, resultMaxChars),
      }),
    ),
    entry(
      'list-files',
      tool({
        description: 'List the files and directories of a directory, sorted by path. With glob (e.g. "**/*.md"), list everything below it that matches.',
        inputSchema: z.object({ path: pathField.optional(), glob: z.string().optional().describe('Glob pattern such as "*.md" or "docs/**/*.txt".') }),
        execute: (input) => listFilesTool(resolver, input),
      }),
    ),
    entry(
      'search-files',
      tool({
        description: 'Find lines containing a text (case-insensitive) in the files under a path. Files over 1 MiB are skipped; at most 200 matches.',
        inputSchema: z.object({
          query: z.string().min(1).describe('Text to look for.'),
          path: pathField.optional(),
          glob: z.string().optional().describe('Only files matching this glob, e.g. "*.md".'),
        }),
        execute: (input) => searchFilesTool(resolver, input),
      }),
    ),
    entry(
      'stat-file',
      tool({
        description: 'Size, type and modification/creation times of a file or directory.',
        inputSchema: z.object({ path: pathField }),
        execute: (input) => statFileTool(resolver, input),
      }),
    ),
  ];
}
