import type { JSONValue } from '@ai-sdk/provider';
import type { AgentServerConfig, McpCustomSource, McpSourceConfig } from '@x/agent-server';
import { parseFixture, isRecord, sortKeys, type Fixture } from './fixture.js';
import { replayTools } from './replay-tools.js';

type McpTransport = ReturnType<McpCustomSource['createTransport']>;
type JsonRpcMessage = Parameters<McpTransport['send']>[0];

/** One tool call of a recorded session: what the model asked and what it got back. */
interface RecordedToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
  output: { type: string; value?: JSONValue; reason?: string } | undefined;
}

export interface ReplayConfigOptions {
  /** Names the fixture in errors (its file name). */
  source?: string;
  /**
   * The MCP tool names (as the MCP server names them) each source offered, by source name
   * (`name`, else `mcp{index}`). Needed only for a source with neither `tools` nor `namespace`
   * whose tools cannot be told apart from other unknown names in the recording.
   */
  mcpTools?: Record<string, string[]>;
}

/**
 * `config` made to replay `fixture` with no external service: its function and HTTP tools answer from
 * the recording (`replayTools`), and every agent's MCP sources are replaced by an in-process MCP
 * server (a `{ type: 'custom' }` source) that lists the tools the recording offered and answers each
 * `tools/call` with the recorded result of the same tool and input (in recorded order). The sources
 * keep their `name`, `namespace`, `tools` and `confirm`, so the model sees the same tool names and
 * approvals as when the session was recorded. Models are the caller's (`replayModel`).
 */
export function replayConfig<C extends AgentServerConfig>(fixture: Fixture | unknown, config: C, options: ReplayConfigOptions = {}): C {
  const source = options.source ?? 'fixture';
  const parsed = parseFixture(fixture, source);
  const calls = recordedToolCalls(parsed);
  const offered = new Set(parsed.calls.flatMap((c) => c.tools));
  const known = knownNames(config);
  const agents = Object.fromEntries(
    Object.entries(config.agents).map(([id, agent]) => {
      if (!agent.mcp?.length) return [id, agent];
      const mcp = agent.mcp.map((mcpSource, index): McpSourceConfig => {
        const names = sourceToolNames(mcpSource, index, offered, known, options.mcpTools);
        const replayed: McpCustomSource = {
          type: 'custom',
          createTransport: () => replayMcpTransport(names, calls, source),
          ...(mcpSource.name !== undefined ? { name: mcpSource.name } : {}),
          ...(mcpSource.namespace !== undefined ? { namespace: mcpSource.namespace } : {}),
          ...(mcpSource.tools !== undefined ? { tools: mcpSource.tools } : {}),
          ...(mcpSource.confirm !== undefined ? { confirm: mcpSource.confirm } : {}),
        };
        return replayed;
      });
      return [id, { ...agent, mcp }];
    }),
  );
  return { ...config, agents, ...(config.tools ? { tools: replayTools(parsed, config.tools, { source }) } : {}) };
}

/** Every tool call the recorded prompts hold, in order, with its input and the output the model got. */
export function recordedToolCalls(fixture: Fixture): RecordedToolCall[] {
  const byId = new Map<string, RecordedToolCall>();
  for (const call of fixture.calls) {
    for (const message of Array.isArray(call.prompt) ? call.prompt : []) {
      if (!isRecord(message) || !Array.isArray(message.content)) continue;
      for (const part of message.content) {
        if (!isRecord(part) || typeof part.toolCallId !== 'string') continue;
        const entry = byId.get(part.toolCallId) ?? { toolCallId: part.toolCallId, toolName: String(part.toolName), input: undefined, output: undefined };
        if (part.type === 'tool-call') entry.input = part.input;
        if (part.type === 'tool-result' && isRecord(part.output)) entry.output = part.output as RecordedToolCall['output'];
        byId.set(part.toolCallId, entry);
      }
    }
  }
  return [...byId.values()];
}

/** Names the server gives tools other than MCP ones: config tools, agents' references, sub-agents. */
function knownNames(config: AgentServerConfig): Set<string> {
  const names = new Set([...Object.keys(config.tools ?? {}), ...Object.keys(config.agents), 'update-page-state']);
  for (const agent of Object.values(config.agents)) {
    for (const ref of agent.tools ?? []) names.add(typeof ref === 'string' ? ref : (ref.name ?? ref.tool));
    for (const ref of agent.agents ?? []) names.add(typeof ref === 'string' ? ref : (ref.name ?? ref.agent));
  }
  return names;
}

/** Exposed name → MCP name of the tools a source offered in the recording. */
function sourceToolNames(
  mcpSource: McpSourceConfig,
  index: number,
  offered: ReadonlySet<string>,
  known: ReadonlySet<string>,
  override: Record<string, string[]> | undefined,
): Map<string, string> {
  const sourceName = mcpSource.name ?? `mcp${index}`;
  const namespace = mcpSource.namespace ? (typeof mcpSource.namespace === 'string' ? mcpSource.namespace : sourceName) : undefined;
  const exposed = (mcpName: string) => (namespace ? `mcp__${namespace}__${mcpName}` : mcpName);
  const listed = override?.[sourceName] ?? mcpSource.tools;
  const names = new Map<string, string>();
  if (listed) {
    for (const mcpName of listed) if (offered.has(exposed(mcpName))) names.set(exposed(mcpName), mcpName);
  } else if (namespace) {
    const prefix = `mcp__${namespace}__`;
    for (const name of offered) if (name.startsWith(prefix)) names.set(name, name.slice(prefix.length));
  } else {
    for (const name of offered) if (!known.has(name) && !name.startsWith('mcp__')) names.set(name, name);
  }
  return names;
}

/**
 * An in-process MCP server as an `@ai-sdk/mcp` transport: `initialize`, `tools/list` (the recorded
 * names, any input) and `tools/call` (the recorded result of the first unused call of that tool with
 * the same input, else of that tool; none left is a tool error naming the call).
 */
function replayMcpTransport(names: ReadonlyMap<string, string>, calls: readonly RecordedToolCall[], source: string): McpTransport {
  const used = new Set<string>();
  const mcpNames = new Map([...names].map(([exposed, mcpName]) => [mcpName, exposed]));
  const transport: McpTransport = {
    start: async () => {},
    close: async () => {
      transport.onclose?.();
    },
    send: async (message: JsonRpcMessage) => {
      if (!('method' in message) || !('id' in message) || message.id === undefined) return; // notifications
      const reply = (body: { result: Record<string, unknown> } | { error: { code: number; message: string } }) =>
        queueMicrotask(() => transport.onmessage?.({ jsonrpc: '2.0', id: message.id, ...body } as JsonRpcMessage));
      const params = isRecord(message.params) ? message.params : {};
      switch (message.method) {
        case 'initialize':
          return reply({
            result: { protocolVersion: params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: `replay of ${source}`, version: '1' } },
          });
        case 'tools/list':
          return reply({
            result: { tools: [...mcpNames.keys()].map((name) => ({ name, description: `${name} (replayed)`, inputSchema: { type: 'object' } })) },
          });
        case 'tools/call': {
          const exposed = mcpNames.get(String(params.name));
          const sameTool = calls.filter((c) => c.toolName === exposed && !used.has(c.toolCallId) && c.output);
          const call = sameTool.find((c) => sameJson(c.input, params.arguments ?? {})) ?? sameTool[0];
          if (!call?.output) {
            return reply({ result: { content: [{ type: 'text', text: `Replay of ${source}: no recorded result left for MCP tool "${String(params.name)}".` }], isError: true } });
          }
          used.add(call.toolCallId);
          return reply({ result: callToolResult(call.output) });
        }
        default:
          return reply({ error: { code: -32601, message: `Replay of ${source}: ${message.method} is not recorded` } });
      }
    },
  };
  return transport;
}

/**
 * The MCP `CallToolResult` behind an output `@ai-sdk/mcp` gave the model (its `mcpToModelOutput`,
 * reversed). The model never saw `structuredContent` or `_meta`, so a replay does not have them.
 */
function callToolResult(output: NonNullable<RecordedToolCall['output']>): Record<string, unknown> {
  const text = (value: unknown) => ({ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) });
  switch (output.type) {
    case 'content':
      // `isError` is not in what the model got: a result the model saw as content was not an error.
      return {
        isError: false,
        content: (Array.isArray(output.value) ? output.value : []).map((part) => {
          if (isRecord(part) && part.type === 'text') return text(part.text);
          if (isRecord(part) && part.type === 'file' && isRecord(part.data) && part.data.type === 'data') return { type: 'image', data: part.data.data, mimeType: part.mediaType };
          return text(part);
        }),
      };
    case 'text':
      return { content: [text(output.value)] };
    case 'error-text':
    case 'error-json':
    case 'execution-denied':
      return { content: [text(output.value ?? output.reason ?? 'error')], isError: true };
    default:
      return isRecord(output.value) && Array.isArray(output.value.content) ? output.value : { content: [text(output.value)] };
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}
