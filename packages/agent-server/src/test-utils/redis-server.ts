import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { destroyOnExit, freePort } from './scratch-server.ts';

/** A throwaway Redis on a free loopback port, with no persistence (tests and bench). */
export interface RedisServer {
  url: string;
  port: number;
  /** Kills the server (SIGKILL by its pid: Redis "going away"); `start()` brings an empty one back on the same port. */
  kill(): void;
  start(): void;
  /** Stops it and removes its folder. Safe to call twice. */
  destroy(): void;
}


function redisServerBin(): string {
  for (const bin of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) if (existsSync(bin)) return bin;
  throw new Error('redis-server is not installed (run `. scripts/bootstrap.sh`).');
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Whether process `pid` has exited: it does not exist, or it is a zombie (`Z` in `/proc/<pid>/stat` on Linux). */
function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state …`: the state follows the last `)` (comm may contain one).
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    // With /proc: it went between the two looks. Without (not Linux): it is still there.
    return existsSync('/proc/self/stat');
  }
}

/**
 * Starts `redis-server` daemonized in a temp folder (`--save '' --appendonly no`, bound to
 * 127.0.0.1) and waits until its pid file is there. It is killed by that pid when the process exits,
 * also after a failed test run.
 */
export async function startRedis(): Promise<RedisServer> {
  const bin = redisServerBin();
  const dir = mkdtempSync(join(tmpdir(), 'xkit-redis-'));
  const port = await freePort();
  const pidFile = join(dir, 'redis.pid');
  let pid: number | undefined;
  const start = () => {
    if (pid !== undefined) return;
    rmSync(pidFile, { force: true });
    execFileSync(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes', '--dir', dir, '--pidfile', pidFile, '--logfile', join(dir, 'log')], {
      stdio: 'pipe',
    });
    // The daemon writes its pid file, then logs "Ready to accept connections" once it listens.
    // Bounded wait (30 s: on a loaded 2-core CI machine the daemon has taken more than 5 s).
    const logFile = join(dir, 'log');
    const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
    let text = '';
    for (let i = 0; i < 3000; i++) {
      text = read(pidFile).trim();
      if (/^\d+$/.test(text) && read(logFile).includes('Ready to accept connections')) break;
      sleep(10);
    }
    if (!/^\d+$/.test(text) || !read(logFile).includes('Ready to accept connections')) {
      if (/^\d+$/.test(text)) pid = Number(text);
      throw new Error(`redis-server did not start on port ${port} within 30 s: ${read(logFile).slice(-500)}`);
    }
    pid = Number(text);
  };
  const kill = () => {
    if (pid === undefined) return;
    const current = pid;
    pid = undefined;
    try {
      process.kill(current, 'SIGKILL');
    } catch {
      return; // already gone
    }
    // Bounded wait until the process is gone, so the port is free for `start()`. A killed daemon is
    // nobody's child here: it stays a zombie until PID 1 reaps it (1-2 s in this container), but a
    // zombie holds no socket any more, so it counts as gone.
    for (let i = 0; i < 500; i++) {
      if (gone(current)) return;
      sleep(10);
    }
  };
  const destroy = destroyOnExit(dir, kill);
  try {
    start();
  } catch (error) {
    destroy();
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, port, kill, start, destroy };
}
