/** Why `path` is not a usable directory, or `undefined` when it is. Synchronous; Node only. */
export function directoryProblem(path: string): string | undefined {
  const fs = nodeFs();
  if (!fs) return 'file-system tools need Node.js (node:fs is not available here)';
  try {
    if (!fs.statSync(path).isDirectory()) return `"${path}" is not a directory`;
  } catch {
    return `directory "${path}" does not exist`;
  }
  return undefined;
}

interface SyncFs {
  statSync(path: string): { isDirectory(): boolean };
}

/** `node:fs` without a static import, so the core still loads in a browser or an edge runtime. */
function nodeFs(): SyncFs | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return proc?.getBuiltinModule?.('node:fs') as SyncFs | undefined;
}
