// Imported by the benches too, which Node runs from source: sibling imports name the .ts file.
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1 (asked of the OS, then released) for a server a test starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The `destroy()` of a throwaway server living in `dir`: stops it, then removes the folder — once,
 * also when the process exits after a failed test run.
 */
export function destroyOnExit(dir: string, stop: () => void): () => void {
  let destroyed = false;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    // Workers run many files (isolate: false): a destroyed server leaves no exit listener behind.
    process.off('exit', destroy);
    try {
      stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once('exit', destroy);
  return destroy;
}
