import { z } from 'zod';

/**
 * The `deleteFile` tool the approval tests use: it records each path it deleted in `deleted` (so a
 * test can tell whether a call ran) and needs approval with `confirm: true`.
 */
export function deleteFileTool(deleted: string[], confirm?: boolean) {
  return {
    description: 'Delete a file',
    inputSchema: z.object({ path: z.string() }),
    execute: ({ path }: { path: string }) => {
      deleted.push(path);
      return { deleted: path };
    },
    ...(confirm !== undefined ? { confirm } : {}),
  };
}
