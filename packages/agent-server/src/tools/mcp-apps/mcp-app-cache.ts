import type { McpSourceConfig } from '../../config/tool-types.js';
import type { McpAppResourceResult } from './mcp-app-resource.js';

/** How many UI resources one server keeps (the oldest goes first). */
export const MCP_APP_CACHE_ENTRIES = 64;

// Per server config (one per `createAgentServer`): a resource is cached per MCP server and URI.
const caches = new WeakMap<object, Map<string, Promise<McpAppResourceResult>>>();

// A custom source is the same server as long as it is made by the same `createTransport`.
const customIds = new WeakMap<object, number>();
let lastCustomId = 0;

/** A record's entries in a stable order (`lowerCaseKeys`: header names, which are case-insensitive). */
function sortedEntries(record: Record<string, string> | undefined, lowerCaseKeys = false): [string, string][] {
  return Object.entries(record ?? {})
    .map(([key, value]): [string, string] => [lowerCaseKeys ? key.toLowerCase() : key, String(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * What makes an MCP server the same one across turns: how it is reached — command, arguments, working
 * directory and environment of a stdio server, URL and headers of an HTTP one — not its display name.
 * Two configs that differ in env or headers (another tenant's key, another account) may serve other
 * resources under the same URI, so they never share a cache entry.
 */
export function mcpSourceKey(source: McpSourceConfig): string {
  if (source.type === 'custom') {
    let id = customIds.get(source.createTransport);
    if (id === undefined) customIds.set(source.createTransport, (id = ++lastCustomId));
    return JSON.stringify(['custom', id]);
  }
  return source.type === 'stdio'
    ? JSON.stringify(['stdio', source.command, source.args ?? [], source.cwd ?? '', sortedEntries(source.env)])
    : JSON.stringify([source.type ?? 'http', source.url, sortedEntries(source.headers, true)]);
}

/**
 * The cached UI resource of an MCP server, else `load()`'s (kept once it succeeded: a failure is
 * tried again next time). Concurrent callers share one load.
 */
export function cachedAppResource(owner: object, source: McpSourceConfig, uri: string, load: () => Promise<McpAppResourceResult>): Promise<McpAppResourceResult> {
  let cache = caches.get(owner);
  if (!cache) caches.set(owner, (cache = new Map()));
  const key = `${mcpSourceKey(source)}\n${uri}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const entries = cache;
  const pending = load().then(
    (result) => {
      if (result.reason !== undefined) entries.delete(key);
      return result;
    },
    (error: unknown) => {
      entries.delete(key);
      return { reason: error instanceof Error ? error.message : String(error) };
    },
  );
  entries.set(key, pending);
  if (entries.size > MCP_APP_CACHE_ENTRIES) entries.delete(entries.keys().next().value!);
  return pending;
}
