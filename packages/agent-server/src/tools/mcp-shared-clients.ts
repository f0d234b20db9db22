import type { MCPClient } from '@ai-sdk/mcp';
import type { McpStdioSource } from '../config/tool-types.js';

/** How long a kept-alive stdio MCP server runs without a turn before it is ended (`keepAlive: true`). */
export const MCP_KEEP_ALIVE_IDLE_MS = 60_000;

interface Entry {
  client: Promise<MCPClient>;
  /** Turns holding it now. */
  users: number;
  idle?: ReturnType<typeof setTimeout>;
  ended: boolean;
}

/** A turn's hold on a shared client: `release` when the turn ends (`failed`: end the process too). */
export interface SharedMcpClient {
  client: MCPClient;
  /** Started for this turn (not reused from an earlier one). */
  fresh: boolean;
  release(failed?: boolean): void;
}

/** The kept-alive stdio MCP servers of each agent server (its config), by source. */
const owners = new WeakMap<object, Map<McpStdioSource, Entry>>();

function idleMsOf(source: McpStdioSource): number {
  return typeof source.keepAlive === 'object' && source.keepAlive.idleMs !== undefined ? source.keepAlive.idleMs : MCP_KEEP_ALIVE_IDLE_MS;
}

function end(pool: Map<McpStdioSource, Entry>, source: McpStdioSource, entry: Entry): void {
  if (entry.ended) return;
  entry.ended = true;
  clearTimeout(entry.idle);
  if (pool.get(source) === entry) pool.delete(source);
  void entry.client.then((client) => client.close()).catch(() => undefined);
}

/**
 * The running client of a `keepAlive` stdio MCP server of `owner` (the server's config), or a new
 * one from `open`: one process per source, shared by the turns that run at once; ended `idleMs`
 * after its last turn released it, when a turn releases it as failed, when the process exits
 * (`onExit` is how `open` reports that), or by `endSharedMcpClients`.
 */
export async function acquireSharedMcpClient(
  owner: object,
  source: McpStdioSource,
  open: (onExit: () => void) => Promise<MCPClient>,
): Promise<SharedMcpClient> {
  let pool = owners.get(owner);
  if (!pool) owners.set(owner, (pool = new Map()));
  const shared = pool;
  let entry = shared.get(source);
  const fresh = entry === undefined;
  if (!entry) {
    const created: Entry = { client: Promise.resolve(undefined as never), users: 0, ended: false };
    created.client = open(() => end(shared, source, created));
    created.client.catch(() => end(shared, source, created));
    shared.set(source, created);
    entry = created;
  }
  const held = entry;
  held.users++;
  clearTimeout(held.idle);
  held.idle = undefined;
  let client: MCPClient;
  try {
    client = await held.client;
  } catch (error) {
    held.users--;
    throw error;
  }
  let released = false;
  return {
    client,
    fresh,
    release(failed = false) {
      if (released) return;
      released = true;
      held.users--;
      if (failed) return end(shared, source, held);
      if (held.users > 0 || held.ended) return;
      held.idle = setTimeout(() => end(shared, source, held), idleMsOf(source));
      held.idle.unref?.();
    },
  };
}

/** Ends every kept-alive MCP server process of `owner` (the agent server's `close()`). */
export async function endSharedMcpClients(owner: object): Promise<void> {
  const pool = owners.get(owner);
  if (!pool) return;
  owners.delete(owner);
  await Promise.all(
    [...pool.entries()].map(async ([source, entry]) => {
      end(pool, source, entry);
      await entry.client.then((client) => client.close()).catch(() => undefined);
    }),
  );
}
