import { isReservedKey, toolNameProblem } from '@x/agent-protocol/validation';
import { RESERVED_AGENT_IDS } from '@x/agent-protocol/routes';
import { connectionIssues } from '../providers/index.js';
import { isToolSchema } from '../tools/tool-schema.js';
import { checkKnownKeys, isObject, isPositiveInt, IssueList } from './config-checks.js';
import { ConfigError } from './config-error.js';
import { findSubAgentCycles } from './sub-agent-cycles.js';
import { configWarnings } from './config-warnings.js';
import type { AgentServerConfig, Logger } from './types.js';
import { checkAgent } from './validate-agent.js';
import { checkHttpTool } from './validate-http-tool.js';
import { checkPolicies } from './validate-policies.js';
import { OPTIONAL_STORE_METHODS, STORE_METHODS } from '../store/guarded-store.js';
import { checkTracing } from '../tracing/tracing-config.js';
import { checkTranscription } from '../transcription/validate-transcription.js';
import { checkFiles } from '../files/validate-files.js';
import { signingSecretIssues } from '../security/signer.js';
import { checkA2aPublish } from '../a2a/publish/validate-publish.js';
import { checkRemoteAgent } from '../a2a/remote/validate-remote-agent.js';

const AGENT_ID = /^[a-zA-Z0-9_-]{1,64}$/;
const TOP_KEYS = ['agents', 'connections', 'tools', 'policies', 'hooks', 'authenticate', 'approvalSecret', 'basePath', 'limits', 'logger', 'store', 'runLog', 'onDisconnect', 'tracing', 'keepAliveMs', 'transcription', 'files', 'allowedOrigins', 'remoteAgents'];

/**
 * Checks the whole config once, at startup — like a build step — and throws one `ConfigError`
 * listing every problem with its path (`agents.support.tools[1]: unknown tool "x"`). Warnings
 * (a sub-agent with tools that need approval, providerOptions the agent's provider ignores) go
 * to the logger.
 */
export function validateConfig(config: AgentServerConfig, logger: Logger): void {
  if (!isObject(config)) throw new ConfigError([{ path: '(root)', message: 'config must be an object' }]);
  const list = new IssueList();
  // `as unknown as`: the config may come from a file (plain data): it is validated key by key as untyped input.
  const raw = config as unknown as Record<string, unknown>;
  checkKnownKeys(list, '(root)', raw, TOP_KEYS);

  const connectionNames = checkNamedRecord(list, 'connections', raw.connections, (name, value) => {
    for (const issue of connectionIssues(name, value)) list.add(issue.path, issue.message);
  });
  const toolNames = checkNamedRecord(list, 'tools', raw.tools, (name, value) => checkTool(list, name, value));
  const remoteAgentNames = checkNamedRecord(list, 'remoteAgents', raw.remoteAgents, (name, value) => checkRemoteAgent(list, name, value));
  const hookNames = checkNamedRecord(list, 'hooks', raw.hooks, (name, value) => {
    if (typeof value !== 'function') list.add(`hooks.${name}`, 'must be a function (event, ctx) => …');
  });

  const edges = new Map<string, string[]>();
  if (!isObject(raw.agents) || Object.keys(raw.agents).length === 0) {
    list.add('agents', 'at least one agent is required');
  } else {
    const agentIds = new Set(Object.keys(raw.agents).filter((id) => !isReservedKey(id)));
    for (const name of remoteAgentNames) {
      if (agentIds.has(name)) list.add(`remoteAgents.${name}`, `"${name}" is also a local agent: a sub-agent name must say which one it is (rename one)`);
    }
    for (const [id, agent] of Object.entries(raw.agents)) {
      if (!AGENT_ID.test(id) || isReservedKey(id)) list.add(`agents.${id}`, `"${id}" is not a valid agent id (letters, digits, "_" or "-", at most 64)`);
      else if (RESERVED_AGENT_IDS.includes(id)) list.add(`agents.${id}`, `"${id}" is a route segment (${RESERVED_AGENT_IDS.join(', ')}) and cannot be an agent id`);
      edges.set(id, checkAgent(list, id, agent, { toolNames, agentIds, remoteAgentNames, connectionNames, hookNames }));
      if (isObject(agent)) checkA2aPublish(list, id, agent.a2a, raw.store !== undefined);
    }
    checkPolicies(list, raw.policies, agentIds);
    for (const cycle of findSubAgentCycles(edges)) {
      const message = cycle.length === 2 ? `agent "${cycle[0]}" lists itself as a sub-agent` : `sub-agent cycle: ${cycle.join(' → ')}`;
      list.add(`agents.${cycle[0]}.agents`, message);
    }
  }

  if (raw.authenticate !== undefined && typeof raw.authenticate !== 'function') list.add('authenticate', 'must be a function (request) => user | null');
  if (raw.logger !== undefined && !(isObject(raw.logger) && typeof raw.logger.warn === 'function' && typeof raw.logger.error === 'function')) {
    list.add('logger', 'must have warn and error functions');
  }
  if (raw.approvalSecret !== undefined) for (const issue of signingSecretIssues(raw.approvalSecret, 'approvalSecret', 32)) list.add(issue.path, issue.message);
  if (raw.basePath !== undefined && !(typeof raw.basePath === 'string' && /^\/[\w./-]*$/.test(raw.basePath))) {
    list.add('basePath', 'must start with "/"');
  }
  if (raw.store !== undefined && !isStore(raw.store)) list.add('store', 'must be a ConversationStore (memoryStore(), pgliteStore(), postgresStore() or your own)');
  if (raw.runLog !== undefined) {
    if (!isRunLog(raw.runLog)) list.add('runLog', 'must be a RunLog (memoryRunLog(), redisRunLog() or your own: open, read, requestStop, onStop)');
    else if (raw.store === undefined) list.add('runLog', 'needs a store (runs are resumable only for stored conversations); set store or remove runLog');
  }
  if (raw.keepAliveMs !== undefined && !(typeof raw.keepAliveMs === 'number' && Number.isSafeInteger(raw.keepAliveMs) && raw.keepAliveMs >= 0)) {
    list.add('keepAliveMs', 'must be a whole number of milliseconds (0 turns keep-alives off)');
  }
  if (raw.onDisconnect !== undefined && raw.onDisconnect !== 'abort' && raw.onDisconnect !== 'continue') {
    list.add('onDisconnect', 'must be "abort" or "continue"');
  }
  checkAllowedOrigins(list, raw.allowedOrigins);
  checkTracing(list, raw.tracing);
  checkTranscription(list, raw.transcription, raw.connections);
  checkFiles(list, raw.files);
  if (raw.limits !== undefined) {
    if (!isObject(raw.limits)) list.add('limits', 'must be { maxBodyBytes?, toolTimeoutMs?, toolResultMaxChars?, allowRemoteFileUrls?, maxMcpAppBytes? }');
    else {
      checkKnownKeys(list, 'limits', raw.limits, ['maxBodyBytes', 'toolTimeoutMs', 'toolResultMaxChars', 'allowRemoteFileUrls', 'maxMcpAppBytes']);
      if (raw.limits.allowRemoteFileUrls !== undefined && typeof raw.limits.allowRemoteFileUrls !== 'boolean') {
        list.add('limits.allowRemoteFileUrls', 'must be a boolean');
      }
      for (const key of ['maxBodyBytes', 'toolTimeoutMs', 'toolResultMaxChars', 'maxMcpAppBytes']) {
        if (raw.limits[key] !== undefined && !isPositiveInt(raw.limits[key])) list.add(`limits.${key}`, 'must be a positive integer');
      }
    }
  }
  if (list.issues.length > 0) throw new ConfigError(list.issues);
  for (const warning of configWarnings(config)) logger.warn(warning.message, { path: warning.path });
}

/** `allowedOrigins`: a list of origins, each exactly `scheme://host[:port]` (as a browser sends it in `Origin`). */
function checkAllowedOrigins(list: IssueList, value: unknown): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    list.add('allowedOrigins', 'must be a list of origins such as ["https://app.example.com"]');
    return;
  }
  value.forEach((origin: unknown, index) => {
    const problem = originProblem(origin);
    if (problem) list.add(`allowedOrigins[${index}]`, problem);
  });
}

function originProblem(origin: unknown): string | undefined {
  if (typeof origin !== 'string') return 'must be a string origin such as "https://app.example.com"';
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return `"${origin.slice(0, 100)}" is not an origin (scheme://host[:port])`;
  }
  if (parsed.origin === 'null' || parsed.origin !== origin) {
    const hint = parsed.origin === 'null' ? '' : ` (write "${parsed.origin}")`;
    return `"${origin.slice(0, 100)}" is not an origin: scheme://host[:port] without path, query or trailing slash${hint}`;
  }
  return undefined;
}

/** Checks a record of named entries (connections, tools, hooks); returns the usable names. */
function checkNamedRecord(list: IssueList, path: string, record: unknown, check: (name: string, value: unknown) => void): Set<string> {
  const names = new Set<string>();
  if (record === undefined) return names;
  if (!isObject(record)) {
    list.add(path, 'must be an object keyed by name');
    return names;
  }
  for (const [name, value] of Object.entries(record)) {
    if (isReservedKey(name)) {
      list.add(`${path}.${name}`, `"${name}" is a reserved key and cannot be a name`);
      continue;
    }
    names.add(name);
    check(name, value);
  }
  return names;
}

function checkTool(list: IssueList, name: string, tool: unknown): void {
  const at = `tools.${name}`;
  const problem = toolNameProblem(name);
  if (problem) list.add(at, problem);
  if (!isObject(tool)) return list.add(at, 'must be { description, inputSchema, execute, confirm? } or an HTTP tool { description, inputSchema, http }');
  if ('http' in tool) return checkHttpTool(list, at, tool);
  checkKnownKeys(list, at, tool, ['description', 'inputSchema', 'execute', 'confirm']);
  if (typeof tool.description !== 'string' || tool.description.trim() === '') list.add(`${at}.description`, 'is required (what the tool does, for the model)');
  if (!isToolSchema(tool.inputSchema)) list.add(`${at}.inputSchema`, 'must be a zod schema or a JSON Schema object');
  if (typeof tool.execute !== 'function') list.add(`${at}.execute`, 'must be a function (input, ctx) => result');
  if (tool.confirm !== undefined && typeof tool.confirm !== 'boolean') list.add(`${at}.confirm`, 'must be true or false');
}

/** The methods a store must have (`close` and `checkpointRun` are optional). */
const REQUIRED_STORE_METHODS = STORE_METHODS.filter((name) => !OPTIONAL_STORE_METHODS.includes(name));

function isStore(value: unknown): boolean {
  return isObject(value) && REQUIRED_STORE_METHODS.every((name) => typeof value[name] === 'function');
}

function isRunLog(value: unknown): boolean {
  return isObject(value) && ['open', 'read', 'requestStop', 'onStop'].every((name) => typeof value[name] === 'function');
}
