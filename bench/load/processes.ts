/**
 * The child processes of `pnpm bench:load`: every one is registered here and killed at the end, on
 * SIGINT/SIGTERM and on an exception, so a run leaves no server, generator, PostgreSQL or Redis
 * behind (the databases' own `destroy()` also runs at process exit, see `test-utils`).
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

const here = path.dirname(new URL(import.meta.url).pathname);
const children = new Set<ChildProcessByStdio<Writable, Readable, null>>();
const cleanups: Array<() => void> = [];

/** Runs `fn` at exit (first registered runs last). */
export function onCleanup(fn: () => void): void {
  cleanups.push(fn);
}

export function killAll(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      fn();
    } catch {
      // keep cleaning up
    }
  }
}

process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping every child`);
    process.exit(130);
  });
}

/** A child running one of this folder's scripts, its stdout read line by line. */
export interface Child {
  pid: number;
  /** The next stdout line (JSON-parsed), or an error at `timeoutMs` or when the child exits first. */
  next<T>(timeoutMs: number): Promise<T>;
  send(line: string): void;
  /** Closes stdin (the child's signal to stop), then SIGKILL after `graceMs` if it is still there. */
  stop(graceMs?: number): Promise<void>;
}

export function startChild(script: string, arg: unknown, nodeArgs: string[] = []): Child {
  const child = spawn(process.execPath, [...nodeArgs, path.join(here, script), JSON.stringify(arg)], { stdio: ['pipe', 'pipe', 'inherit'] });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => children.delete(child));
  const lines: Interface = createInterface({ input: child.stdout });
  const queue: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  lines.on('line', (line) => {
    const resolve = waiting.shift();
    if (resolve) resolve(line);
    else queue.push(line);
  });
  return {
    pid: child.pid ?? 0,
    async next<T>(timeoutMs: number): Promise<T> {
      const queued = queue.shift();
      if (queued !== undefined) return JSON.parse(queued) as T;
      const line = await new Promise<string>((resolve, reject) => {
        const take = (value: string) => {
          clearTimeout(timer);
          resolve(value);
        };
        const fail = (message: string) => {
          const i = waiting.indexOf(take);
          if (i >= 0) waiting.splice(i, 1);
          reject(new Error(`${script} (pid ${child.pid}): ${message}`));
        };
        const timer = setTimeout(() => fail(`no answer within ${timeoutMs} ms`), timeoutMs);
        waiting.push(take);
        // Lines written just before the exit are read after it: give them a moment.
        void exited.then(() => setTimeout(() => fail(`exited (${child.exitCode ?? child.signalCode})`), 200));
      });
      return JSON.parse(line) as T;
    },
    send(line: string) {
      if (child.stdin.writable) child.stdin.write(`${line}\n`);
    },
    async stop(graceMs = 3_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin.end();
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
