import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { destroyOnExit, freePort } from './scratch-server.ts';

/** A throwaway PostgreSQL cluster on a free loopback port (tests and bench). */
export interface PostgresServer {
  connectionString: string;
  port: number;
  /** Stops the server (fast shutdown); `start()` brings it back on the same port and data. */
  stop(): void;
  start(): void;
  /** Stops it and removes its folder. Safe to call twice. */
  destroy(): void;
}

/** The newest Debian PostgreSQL `bin` folder (`/usr/lib/postgresql/N/bin`); `scripts/bootstrap.sh` installs it. */
export function postgresBinDir(): string {
  const versions = readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('PostgreSQL is not installed (run `. scripts/bootstrap.sh`).');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}


const execFileAsync = promisify(execFile);
const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * Starts a new cluster in a temp folder: `initdb` + `pg_ctl start`, as the `postgres` user when this
 * runs as root (initdb refuses root), directly otherwise. Trust auth on 127.0.0.1 only. The server
 * is stopped when the process exits, also after a failed test run. `port`: one you chose (a free one
 * otherwise); `settings`: server settings (`-c key=value`). The first start does not block the event
 * loop (Vitest's global setup starts a cluster while test files import); `stop()`/`start()` do.
 */
export async function startPostgres(options: { settings?: Record<string, string>; port?: number } = {}): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'xkit-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const shell = (command: string): [string, string[]] => (asRoot ? ['su', ['postgres', '-s', '/bin/sh', '-c', command]] : ['/bin/sh', ['-c', command]]);
  const run = (command: string) => execFileSync(...shell(command), { stdio: 'pipe' });
  const runAsync = (command: string) => execFileAsync(...shell(command));
  const port = options.port ?? (await freePort());
  const data = join(dir, 'data');
  const settings = { listen_addresses: '127.0.0.1', unix_socket_directories: dir, ...options.settings };
  const flags = Object.entries(settings)
    .map(([key, value]) => `-c ${key}=${value}`)
    .join(' ');
  const startCommand = `${bin}/pg_ctl -D ${quote(data)} -o ${quote(`-p ${port} ${flags}`)} -l ${quote(join(dir, 'log'))} -w start >/dev/null`;
  let running = false;
  const start = () => {
    run(startCommand);
    running = true;
  };
  const stop = () => {
    if (!running) return;
    running = false;
    run(`${bin}/pg_ctl -D ${quote(data)} -m fast -w stop >/dev/null`);
  };
  const destroy = destroyOnExit(dir, stop);
  try {
    await runAsync(`${bin}/initdb -D ${quote(data)} -A trust -U postgres --no-sync >/dev/null`);
    // Stopped by `destroy()` from here on, also when `pg_ctl` gave up waiting on a started server.
    running = true;
    await runAsync(startCommand);
  } catch (error) {
    try {
      destroy();
    } catch {
      // The start's error is the one to report.
    }
    throw error;
  }
  return { connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop, start, destroy };
}
