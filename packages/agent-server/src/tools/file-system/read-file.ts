import { open, stat } from 'node:fs/promises';
import { FileToolError, type PathResolver } from './resolve-path.js';

/** Largest part of a file `read-file` returns. */
export const READ_FILE_MAX_BYTES = 512 * 1024;

/**
 * The UTF-8 text of a file. A file over 512 KiB returns its first 512 KiB and a notice naming the
 * shown and total size and pointing to `search-files`.
 */
export async function readFileTool(resolver: PathResolver, input: { path: string }): Promise<string> {
  const { absolute, relative } = await resolver.resolve(input.path);
  const info = await stat(absolute);
  if (info.isDirectory()) throw new FileToolError(`"${relative || '/'}" is a directory; use list-files`);
  const length = Math.min(info.size, READ_FILE_MAX_BYTES);
  const handle = await open(absolute, 'r');
  try {
    const buffer = new Uint8Array(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    const text = new TextDecoder('utf-8').decode(buffer.subarray(0, bytesRead));
    if (info.size <= READ_FILE_MAX_BYTES) return text;
    return (
      `${text}\n\n[Showing the first ${formatSize(READ_FILE_MAX_BYTES)} of ${formatSize(info.size)} (${info.size} bytes). ` +
      'Use search-files to find specific content in this file.]'
    );
  } finally {
    await handle.close();
  }
}

/** `512 KiB`, `1.5 MiB`, `300 B`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MiB`;
}
