import type { FileSystemConfig } from '../../config/tool-types.js';
import type { ToolEntry } from '../tool-entry.js';

/** The read-only file-system tools under `config.basePath` (Node only; loaded lazily). */
export async function buildFileSystemTools(_config: FileSystemConfig): Promise<ToolEntry[]> {
  return [];
}
