import { isReservedKey } from '@x/agent-protocol/validation';
import type { ConnectionConfig } from '../providers/index.js';
import { createAgentServer } from '../server.js';
import { isObject } from './config-checks.js';
import { ConfigError, type ConfigIssue } from './config-error.js';
import type { AgentConfig, AgentServer, AgentServerConfig } from './types.js';

/**
 * The keys a config file may hold: plain data — agents, connections, HTTP tools (`tools` entries
 * with `http`) and data policies. Function tools, hooks and other functions come from code.
 */
export const CONFIG_FILE_KEYS = ['agents', 'connections', 'basePath', 'limits', 'tools', 'policies'] as const;

/** What code adds to a config file: functions, and anything per agent or connection that is not data. */
export interface AgentConfigCode extends Omit<AgentServerConfig, 'agents' | 'connections'> {
  /** Merged into the file's agents of the same id (e.g. `access`, or a model object). */
  agents?: Record<string, Partial<AgentConfig>>;
  /** Merged into the file's connections of the same name (e.g. a custom connection's `createModel`). */
  connections?: Record<string, Partial<ConnectionConfig>>;
  /** Where `${NAME}` in file strings is looked up (default: `process.env`). */
  env?: Record<string, string | undefined>;
}

/** The format of config text: by the file's extension, or given. */
export type ConfigFileFormat = 'yaml' | 'json';

/**
 * Parses config text (YAML or JSON) into the data part of a config: `agents`, `connections`,
 * `basePath`, `limits`, HTTP `tools`, `policies`. `${NAME}` in any string is replaced from `env` (keys stay out of the file).
 * Problems (a syntax error, another top-level key, an unset variable) throw one `ConfigError`.
 */
export async function parseAgentConfig(
  text: string,
  options: { format: ConfigFileFormat; source?: string; env?: Record<string, string | undefined> },
): Promise<Pick<AgentServerConfig, 'agents'> & Partial<Pick<AgentServerConfig, 'connections' | 'basePath' | 'limits' | 'tools' | 'policies'>>> {
  const source = options.source ?? 'config';
  let data: unknown;
  try {
    data = options.format === 'json' ? JSON.parse(text) : (await import('yaml')).parse(text, { prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    throw new ConfigError([{ path: source, message: `not valid ${options.format.toUpperCase()}: ${firstLine(error)}` }]);
  }
  if (!isObject(data)) throw new ConfigError([{ path: source, message: 'must hold an object with "agents"' }]);
  const issues: ConfigIssue[] = [];
  for (const key of Object.keys(data)) {
    if (!(CONFIG_FILE_KEYS as readonly string[]).includes(key)) {
      const hint = key === 'hooks' || key === 'authenticate' ? ' (functions belong in code: pass them beside the file)' : '';
      issues.push({ path: key, message: `not a config file key (expected ${CONFIG_FILE_KEYS.join(', ')})${hint}` });
    }
  }
  if (data.tools !== undefined && isObject(data.tools)) {
    for (const [name, tool] of Object.entries(data.tools)) {
      if (!isObject(tool) || !('http' in tool)) {
        issues.push({ path: `tools.${name}`, message: 'only HTTP tools ({ description, inputSchema, http }) can be defined in a file (functions belong in code: pass them beside the file)' });
      }
    }
  }
  const env = options.env ?? processEnv();
  const resolved = interpolate(data, '', env, issues);
  if (issues.length > 0) throw new ConfigError(issues);
  return resolved as Awaited<ReturnType<typeof parseAgentConfig>>;
}

/**
 * Reads a YAML (`.yaml`/`.yml`) or JSON config file and joins it with the code parts: tools, hooks,
 * authenticate, logger, and per-agent / per-connection additions. Node only (reads the file).
 */
export async function loadAgentConfig(file: string | URL, code: AgentConfigCode = {}): Promise<AgentServerConfig> {
  const { readFile } = await import('node:fs/promises');
  const name = typeof file === 'string' ? file : file.pathname;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError([{ path: name, message: `cannot read the config file: ${firstLine(error)}` }]);
  }
  const format: ConfigFileFormat = /\.json$/i.test(name) ? 'json' : 'yaml';
  const { env, agents: agentCode, connections: connectionCode, tools: toolCode, policies: policyCode, ...rest } = code;
  const data = await parseAgentConfig(text, { format, source: name, ...(env ? { env } : {}) });
  const twice = Object.keys(toolCode ?? {}).filter((tool) => Object.hasOwn(data.tools ?? {}, tool));
  if (twice.length > 0) throw new ConfigError(twice.map((tool) => ({ path: `tools.${tool}`, message: 'defined in the file and in code' })));
  const tools = data.tools || toolCode ? { ...data.tools, ...toolCode } : undefined;
  const policies = data.policies || policyCode ? [...(data.policies ?? []), ...(policyCode ?? [])] : undefined;
  return {
    ...rest,
    ...data,
    ...(tools ? { tools } : {}),
    // The file's policies first, then code's (policies run in order).
    ...(policies ? { policies } : {}),
    agents: mergeById(data.agents, agentCode) as Record<string, AgentConfig>,
    ...(data.connections || connectionCode ? { connections: mergeById(data.connections, connectionCode) as Record<string, ConnectionConfig> } : {}),
  };
}

/** `loadAgentConfig` + `createAgentServer`: the server of a config file and its code parts. */
export async function createAgentServerFromFile(file: string | URL, code: AgentConfigCode = {}): Promise<AgentServer> {
  return createAgentServer(await loadAgentConfig(file, code));
}

function mergeById(fromFile: Record<string, unknown> | undefined, fromCode: Record<string, object> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fromFile };
  for (const [id, extra] of Object.entries(fromCode ?? {})) {
    const base = out[id];
    out[id] = isObject(base) ? { ...base, ...extra } : extra;
  }
  return out;
}

function interpolate(value: unknown, path: string, env: Record<string, string | undefined>, issues: ConfigIssue[]): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_match, name: string) => {
      const found = env[name];
      if (found === undefined) issues.push({ path: path || '(root)', message: `environment variable ${name} is not set` });
      return found ?? '';
    });
  }
  if (Array.isArray(value)) return value.map((v, i) => interpolate(v, `${path}[${i}]`, env, issues));
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (isReservedKey(key)) issues.push({ path: at, message: `"${key}" is a reserved key` });
      else out[key] = interpolate(v, at, env, issues);
    }
    return out;
  }
  return value;
}

function processEnv(): Record<string, string | undefined> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}
