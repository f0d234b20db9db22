import { isReservedKey, toolNameProblem } from '@x/agent-protocol/validation';
import { isToolSchema } from '../tools/tool-schema.js';
import { checkKnownKeys, isObject, show, type IssueList } from './config-checks.js';
import { directoryProblem } from './check-directory.js';
import { isHttpUrl } from './is-http-url.js';

/** What the tool-related checks of one agent need to know about the rest of the config. */
export interface ToolRefContext {
  toolNames: ReadonlySet<string>;
  agentIds: ReadonlySet<string>;
  /** Names of `remoteAgents` (remote A2A agents), usable in `agents` like local agents. */
  remoteAgentNames?: ReadonlySet<string>;
}

/**
 * Checks an agent's `tools`, `agents` (sub-agents), `mcp` and `fileSystem`: unknown references,
 * invalid or reserved exposed names, duplicates across tools and sub-agents, MCP sources without
 * url/command, a missing or non-directory `basePath`. Returns the ids of the sub-agents referenced.
 */
export function checkAgentTools(list: IssueList, at: string, agent: Record<string, unknown>, ctx: ToolRefContext): string[] {
  const exposed = new Map<string, string>(); // exposed name → path of its first reference
  const claim = (path: string, name: string) => {
    const problem = toolNameProblem(name);
    if (problem) return list.add(path, problem);
    const first = exposed.get(name);
    if (first) return list.add(path, `duplicate tool name "${name}" (also at ${first})`);
    exposed.set(name, path);
  };

  if (agent.tools !== undefined) {
    if (!Array.isArray(agent.tools)) list.add(`${at}.tools`, 'must be a list of tool names or { tool, name?, confirm? }');
    else
      agent.tools.forEach((ref: unknown, i) => {
        const path = `${at}.tools[${i}]`;
        const toolName = typeof ref === 'string' ? ref : isObject(ref) ? ref.tool : undefined;
        if (typeof toolName !== 'string') return list.add(path, 'must be a tool name or { tool, name?, confirm? }');
        if (!ctx.toolNames.has(toolName) || isReservedKey(toolName)) return list.add(path, `unknown tool "${toolName}"`);
        if (isObject(ref)) {
          checkKnownKeys(list, path, ref, ['tool', 'name', 'confirm']);
          if (ref.name !== undefined && typeof ref.name !== 'string') return list.add(`${path}.name`, 'must be a string');
          if (ref.confirm !== undefined && typeof ref.confirm !== 'boolean') list.add(`${path}.confirm`, 'must be true or false');
        }
        claim(path, isObject(ref) && typeof ref.name === 'string' ? ref.name : toolName);
      });
  }

  const subAgents: string[] = [];
  if (agent.agents !== undefined) {
    if (!Array.isArray(agent.agents)) list.add(`${at}.agents`, 'must be a list of agent ids or { agent, name?, description?, inputSchema? }');
    else
      agent.agents.forEach((ref: unknown, i) => {
        const path = `${at}.agents[${i}]`;
        const id = typeof ref === 'string' ? ref : isObject(ref) ? ref.agent : undefined;
        if (typeof id !== 'string') return list.add(path, 'must be an agent id or { agent, name?, description?, inputSchema? }');
        const remote = ctx.remoteAgentNames?.has(id) === true && !ctx.agentIds.has(id);
        if ((!ctx.agentIds.has(id) && !remote) || isReservedKey(id)) return list.add(path, `unknown sub-agent "${id}"`);
        if (remote && isObject(ref) && ref.inputSchema !== undefined) list.add(`${path}.inputSchema`, 'a remote agent takes { task } (its card says what it can do)');
        if (!remote) subAgents.push(id);
        if (isObject(ref)) {
          checkKnownKeys(list, path, ref, ['agent', 'name', 'description', 'inputSchema']);
          if (ref.name !== undefined && typeof ref.name !== 'string') return list.add(`${path}.name`, 'must be a string');
          if (ref.description !== undefined && typeof ref.description !== 'string') list.add(`${path}.description`, 'must be a string');
          if (ref.inputSchema !== undefined && !isToolSchema(ref.inputSchema)) list.add(`${path}.inputSchema`, 'must be a zod schema or a JSON Schema object');
        }
        claim(path, isObject(ref) && typeof ref.name === 'string' ? ref.name : id);
      });
  }

  if (agent.mcp !== undefined) {
    if (!Array.isArray(agent.mcp)) list.add(`${at}.mcp`, 'must be a list of MCP servers ({ url } or { type: "stdio", command })');
    else agent.mcp.forEach((source: unknown, i) => checkMcpSource(list, `${at}.mcp[${i}]`, source));
  }

  if (agent.fileSystem !== undefined) {
    const fsConfig = agent.fileSystem;
    if (!isObject(fsConfig)) list.add(`${at}.fileSystem`, 'must be { basePath }');
    else if (typeof fsConfig.basePath !== 'string' || fsConfig.basePath.trim() === '') list.add(`${at}.fileSystem.basePath`, 'is required (a directory path)');
    else {
      const problem = directoryProblem(fsConfig.basePath);
      if (problem) list.add(`${at}.fileSystem.basePath`, problem);
    }
  }
  return subAgents;
}

const MCP_KEYS = ['type', 'name', 'url', 'headers', 'command', 'args', 'env', 'cwd', 'createTransport', 'confirm', 'namespace', 'tools', 'keepAlive'];

function checkMcpSource(list: IssueList, path: string, source: unknown): void {
  if (!isObject(source)) return list.add(path, 'must be an object ({ url } or { type: "stdio", command })');
  checkKnownKeys(list, path, source, MCP_KEYS);
  const type = source.type ?? 'http';
  if (type === 'stdio') {
    if (typeof source.command !== 'string' || source.command.trim() === '') list.add(`${path}.command`, 'is required for a stdio MCP server');
    if (source.args !== undefined && !isStringArray(source.args)) list.add(`${path}.args`, 'must be a list of strings');
    if (source.env !== undefined && !isStringRecord(source.env)) list.add(`${path}.env`, 'must be an object of strings');
    if (source.cwd !== undefined && typeof source.cwd !== 'string') list.add(`${path}.cwd`, 'must be a string');
    checkKeepAlive(list, `${path}.keepAlive`, source.keepAlive);
  } else if (type === 'custom') {
    if (typeof source.createTransport !== 'function') list.add(`${path}.createTransport`, 'must be a function returning an MCP transport for a custom MCP server');
  } else if (type === 'http' || type === 'sse') {
    if (source.url === undefined) list.add(`${path}.url`, `is required for an ${type} MCP server`);
    else if (typeof source.url !== 'string' || !isHttpUrl(source.url)) list.add(`${path}.url`, `must be an http(s) URL, got ${show(source.url)}`);
    if (source.headers !== undefined && !isStringRecord(source.headers)) list.add(`${path}.headers`, 'must be an object of strings');
  } else {
    list.add(`${path}.type`, `must be "http", "sse", "stdio" or "custom", got ${show(type)}`);
  }
  if (type !== 'stdio' && source.keepAlive !== undefined) list.add(`${path}.keepAlive`, 'is for stdio MCP servers only (a process kept between turns)');
  if (source.name !== undefined && (typeof source.name !== 'string' || !/^[a-zA-Z0-9_-]{1,40}$/.test(source.name))) {
    list.add(`${path}.name`, 'must be a short name of letters, digits, "_" or "-"');
  }
  if (source.namespace !== undefined && typeof source.namespace !== 'boolean' && !(typeof source.namespace === 'string' && /^[a-zA-Z0-9_-]{1,40}$/.test(source.namespace))) {
    list.add(`${path}.namespace`, 'must be true, false or a short name of letters, digits, "_" or "-"');
  }
  if (source.confirm !== undefined && typeof source.confirm !== 'boolean') list.add(`${path}.confirm`, 'must be true or false');
  if (source.tools !== undefined && !isStringArray(source.tools)) list.add(`${path}.tools`, 'must be a list of MCP tool names');
}

function checkKeepAlive(list: IssueList, path: string, value: unknown): void {
  if (value === undefined || typeof value === 'boolean') return;
  if (!isObject(value)) return list.add(path, 'must be true, false or { idleMs }');
  checkKnownKeys(list, path, value, ['idleMs']);
  if (value.idleMs !== undefined && !(typeof value.idleMs === 'number' && Number.isFinite(value.idleMs) && value.idleMs >= 0)) {
    list.add(`${path}.idleMs`, 'must be a number of milliseconds ≥ 0');
  }
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isObject(value) && Object.values(value).every((v) => typeof v === 'string');
}

