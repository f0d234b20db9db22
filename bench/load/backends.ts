/**
 * Counters of the bench's PostgreSQL and Redis, read with their own command-line clients (`psql`,
 * `redis-cli`) on 127.0.0.1, plus CPU time of processes from `/proc` — what `run.ts` takes before
 * and after each level.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { postgresBinDir } from '../../packages/agent-server/src/test-utils/postgres-server.ts';

/** The SQL the bench itself sends (excluded from the counts). */
const OWN = `query not ilike '%pg_stat%' and query not ilike '%pg_backend_pid%'`;

export interface PgCounters {
  /** Statements executed (`pg_stat_statements`, sum of `calls`, the bench's own excluded). */
  statements: number;
  /** Per statement text (normalized), calls — to say which ones a reply costs. */
  byStatement: Record<string, number>;
  /** Execution time inside PostgreSQL (`total_exec_time`), ms: all statements and per statement. */
  execMs: number;
  execMsByStatement: Record<string, number>;
  /** `pg_stat_database` of the bench database (flushed up to 1 s late by busy backends). */
  xactCommit: number;
  tuples: number;
  /** CPU time of all PostgreSQL server processes alive now (postmaster's children in `pg_stat_activity`), µs. */
  cpuUs: number;
}

export function psql(port: number, sql: string): string {
  return execFileSync(`${postgresBinDir()}/psql`, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-XAtq', '-c', sql], {
    encoding: 'utf8',
  }).trim();
}

export function enableStatementStats(port: number): void {
  psql(port, 'create extension if not exists pg_stat_statements');
}

export function pgCounters(port: number): PgCounters {
  const rows = psql(port, `select calls, total_exec_time, regexp_replace(left(query, 120), '\\s+', ' ', 'g') from pg_stat_statements where ${OWN}`)
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [calls, ms, ...query] = line.split('|');
      return { query: query.join('|'), calls: Number(calls), ms: Number(ms) };
    });
  const byStatement: Record<string, number> = {};
  const execMsByStatement: Record<string, number> = {};
  for (const row of rows) {
    byStatement[row.query] = (byStatement[row.query] ?? 0) + row.calls;
    execMsByStatement[row.query] = (execMsByStatement[row.query] ?? 0) + row.ms;
  }
  const [xact, tuples] = psql(port, `select xact_commit, tup_inserted + tup_updated + tup_deleted + tup_fetched from pg_stat_database where datname = 'postgres'`).split('|').map(Number);
  const pids = psql(port, 'select pid from pg_stat_activity').split('\n').filter(Boolean).map(Number);
  return {
    statements: rows.reduce((sum, row) => sum + row.calls, 0),
    byStatement,
    execMs: rows.reduce((sum, row) => sum + row.ms, 0),
    execMsByStatement,
    xactCommit: xact ?? 0,
    tuples: tuples ?? 0,
    cpuUs: pids.reduce((sum, pid) => sum + procCpuUs(pid), 0),
  };
}

export interface RedisCounters {
  /** Commands executed (`INFO commandstats`, the bench's own `INFO` excluded), and per command. */
  commands: number;
  byCommand: Record<string, number>;
  /** `used_cpu_user + used_cpu_sys` of the server, µs. */
  cpuUs: number;
}

export function redisCounters(port: number): RedisCounters {
  const info = execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'INFO', 'all'], { encoding: 'utf8' });
  const byCommand: Record<string, number> = {};
  for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) if (match[1] !== 'info') byCommand[match[1]!] = Number(match[2]);
  const cpu = (key: string) => Number(new RegExp(`^${key}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return { commands: Object.values(byCommand).reduce((a, b) => a + b, 0), byCommand, cpuUs: (cpu('used_cpu_user') + cpu('used_cpu_sys')) * 1e6 };
}

/** Per key `after − before` (keys of either). */
export function deltas(after: Record<string, number>, before: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of new Set([...Object.keys(after), ...Object.keys(before)])) {
    const d = (after[key] ?? 0) - (before[key] ?? 0);
    if (d !== 0) out[key] = d;
  }
  return out;
}

const TICK_US = 1e6 / 100; // USER_HZ is 100 on Linux

/** CPU time (utime + stime) of a process from `/proc/<pid>/stat`, µs; 0 when it is gone. */
export function procCpuUs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return 0;
  }
}

/** The whole machine's busy and total jiffies (`/proc/stat`), for "how busy were both cores". */
export function machineTicks(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}
