import type { MCPTransport } from '@ai-sdk/mcp';
import type { FlexibleSchema, JSONSchema7 } from 'ai';

/** The user `authenticate` returned for a request (`undefined` without `authenticate`). */
export interface AgentUser {
  /** Stable id of the user; hooks and tools see it as `userId`. */
  id?: string;
  [key: string]: unknown;
}

/** What a server tool's `execute` receives beside its input. */
export interface ToolContext {
  agentId: string;
  conversationId: string | undefined;
  user: AgentUser | undefined;
  pageId: string | undefined;
  urlQuery: Record<string, string | string[]> | undefined;
  sharedState: Record<string, unknown> | undefined;
  /** Aborted when the client stops or disconnects, or when the tool times out. */
  abortSignal: AbortSignal;
  toolCallId: string;
}

/**
 * A named server function the model can call (`config.tools[name]`): the seeds' "endpoints as
 * tools". One definition can serve several agents; agents reference it by name.
 */
export interface ToolConfig<INPUT = unknown, OUTPUT = unknown> {
  /** What the tool does, for the model. */
  description: string;
  /** A zod (or any Standard Schema) schema, an AI SDK `jsonSchema()`, or a plain JSON Schema object. */
  inputSchema: FlexibleSchema<INPUT> | JSONSchema7;
  /** Runs the tool. Throw to report a failure the model (and the UI) sees. */
  execute(input: INPUT, ctx: ToolContext): OUTPUT | Promise<OUTPUT>;
  /** Ask the user before running it (AI SDK 7 tool approval). Agents can override it per reference. */
  confirm?: boolean;
}

/**
 * Typed helper for a tool definition: infers `input` from the schema.
 * @example defineTool({ description: 'Weather', inputSchema: z.object({ city: z.string() }), execute: ({ city }) => ... })
 */
export function defineTool<INPUT, OUTPUT>(tool: ToolConfig<INPUT, OUTPUT>): ToolConfig<INPUT, OUTPUT> {
  return tool;
}

/**
 * An agent's reference to a named tool: its name, or the name with a different exposed name / approval.
 * `NAME` is the config's tool names (`createAgentServer` checks them at compile time; a config loaded
 * from a file is plain data and is checked at startup).
 */
export type AgentToolRef<NAME extends string = string> = NAME | { tool: NAME; name?: string; confirm?: boolean };

/** An MCP server an agent takes tools from. `http` is the default transport. */
export type McpSourceConfig = McpHttpSource | McpStdioSource | McpCustomSource;

/** What every MCP source (`McpHttpSource`, `McpStdioSource`, `McpCustomSource`) has. */
export interface McpSourceBase {
  /** Display name, used in warnings and in namespaced tool names (default: the index, `mcp0`). */
  name?: string;
  /** Every tool of this server needs the user's approval. */
  confirm?: boolean;
  /** Expose the tools as `mcp__{namespace}__{tool}` (`true` uses `name`). */
  namespace?: boolean | string;
  /** Only these tools of the server (by their MCP name). */
  tools?: string[];
}

/** MCP over streamable HTTP (or SSE with `type: 'sse'`). */
export interface McpHttpSource extends McpSourceBase {
  type?: 'http' | 'sse';
  url: string;
  headers?: Record<string, string>;
}

/** MCP over stdio: the server runs as a child process (Node only). */
export interface McpStdioSource extends McpSourceBase {
  type: 'stdio';
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  /**
   * Keep the server's process running between turns instead of one process per turn: one process
   * for this source, shared by every turn (of every user) of this agent server, ended after
   * `idleMs` without a turn (default 60 000), when it exits or fails (the next turn starts a new
   * one), and by `server.close()`. Saves the process start and MCP handshake of each turn; only for
   * servers that keep no state of one user that another must not see.
   */
  keepAlive?: boolean | { idleMs?: number };
}

/**
 * MCP over a transport you create in code (an in-process server, a replay, a transport of your own):
 * `createTransport` is called once per turn, and the transport is closed when the turn ends.
 */
export interface McpCustomSource extends McpSourceBase {
  type: 'custom';
  createTransport: () => MCPTransport;
}

/** A sub-agent reference: the agent id, or the id with the tool's name, description and input. */
export type SubAgentRef =
  | string
  | {
      agent: string;
      /** Tool name the parent sees (default: the agent id). */
      name?: string;
      /** Default: `Delegate task to the {agentId} agent`. */
      description?: string;
      /** Default: `{ task: string }` (required). Any other input is sent to the sub-agent as JSON. */
      inputSchema?: FlexibleSchema<unknown> | JSONSchema7;
    };

/** Read-only file-system tools (`read-file`, `list-files`, `search-files`, `stat-file`) under a directory. */
export interface FileSystemConfig {
  /** Directory the tools may read; must exist at startup. Nothing outside it is reachable. */
  basePath: string;
}
