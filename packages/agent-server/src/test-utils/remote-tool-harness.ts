import type { Tool, ToolExecutionOptions } from 'ai';
import type { AgentRunPlace, ToolScope } from '../tools/tool-scope.js';
import { remoteAgentEntry, type RemoteAgentRuntime } from '../a2a/remote/remote-agent-tool.js';
import type { RemoteAgentConfig } from '../a2a/remote/remote-agent-types.js';

/** A tool scope for a remote agent's tool outside a turn (user `user-7`, agent `boss`). */
export function remoteToolScope(): ToolScope {
  return {
    config: { agents: {} },
    logger: { warn: () => {}, error: () => {} },
    toolTimeoutMs: 30_000,
    toolResultMaxChars: 50_000,
    request: { agentId: 'boss', conversationId: 'conv-1', userId: 'user-7', pageId: undefined, urlQuery: undefined, sharedState: undefined },
    user: { id: 'user-7' },
    signal: new AbortController().signal,
    cleanups: [],
    runSubAgent: async () => '',
  };
}

/**
 * Builds the remote agent `billing`'s tool and runs it once on `task`: resolves its outputs (the last
 * one the result) and its description, or rejects with the tool error.
 */
export async function callRemoteTool(
  remote: RemoteAgentConfig,
  options: { runtime?: RemoteAgentRuntime; task?: string; place?: AgentRunPlace; scope?: ToolScope; signal?: AbortSignal } = {},
) {
  const scope = options.scope ?? remoteToolScope();
  const entry = await remoteAgentEntry('billing', 'billing', remote, options.place ?? { agentId: 'boss', depth: 0 }, scope, options.runtime ?? {});
  const execute = (entry.tool as Tool<unknown, unknown>).execute!;
  const run = execute({ task: options.task ?? 'invoice 42' }, {
    toolCallId: 'call-1',
    messages: [],
    abortSignal: options.signal ?? new AbortController().signal,
  } as unknown as ToolExecutionOptions<unknown>);
  const outputs: unknown[] = [];
  for await (const item of run as AsyncIterable<unknown>) outputs.push(item);
  return { outputs, last: outputs.at(-1), description: (entry.tool as { description?: string }).description, scope };
}
