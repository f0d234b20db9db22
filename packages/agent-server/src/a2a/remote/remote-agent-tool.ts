import { tool, type Tool } from 'ai';
import { ClientFactory, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import type { RemoteAgentProgress } from '@x/agent-protocol/remote-agents';
import { fileRefUrl } from '@x/agent-protocol/routes';
import { dataKey, filesOf } from '../../files/file-service.js';
import { HTTP_TOOL_DEFAULTS } from '../../tools/http/http-tools.js';
import type { HostResolver, SsrfOptions } from '../../tools/http/ssrf-guard.js';
import { capResult } from '../../tools/tool-limits.js';
import type { AgentRunPlace, ToolScope } from '../../tools/tool-scope.js';
import type { ToolEntry } from '../../tools/tool-entry.js';
import { subAgentTaskSchema } from '../../tools/sub-agent-tools.js';
import { cardDescription, remoteCard } from './agent-card.js';
import { guardedFetch } from './guarded-fetch.js';
import { RemoteAgentError } from './remote-agent-error.js';
import { waitForAnswer } from './remote-questions.js';
import type { RemoteAgentConfig } from './remote-agent-types.js';
import { runRemoteTask } from './remote-task.js';
import type { FileSink } from './task-progress.js';

/** Defaults of a remote agent's optional limits. */
export const REMOTE_AGENT_DEFAULTS = { cardTtlMs: 5 * 60_000, answerTimeoutMs: 15 * 60_000 } as const;

/** Test seam: the resolver the SSRF guard uses (default: the OS resolver), as for HTTP tools. */
export interface RemoteAgentRuntime {
  resolve?: HostResolver;
}

/** How a remote agent is reached: the guard's settings, the limits and the headers of this call. */
function connection(name: string, remote: RemoteAgentConfig, place: AgentRunPlace, scope: ToolScope, runtime: RemoteAgentRuntime) {
  const ssrf: SsrfOptions = {
    ...(remote.allowPrivate ? { allowPrivate: true } : {}),
    ...(remote.allowHosts ? { allowHosts: remote.allowHosts } : {}),
    ...(runtime.resolve ? { resolve: runtime.resolve } : {}),
  };
  const headers = async () =>
    typeof remote.headers === 'function'
      ? await remote.headers({ agentId: place.agentId, remoteAgent: name, user: scope.user, userId: scope.request.userId, conversationId: scope.request.conversationId })
      : (remote.headers ?? {});
  const fetchWith = async () =>
    guardedFetch({ ssrf, maxResponseBytes: remote.maxResponseBytes ?? HTTP_TOOL_DEFAULTS.maxResponseBytes, maxRedirects: HTTP_TOOL_DEFAULTS.maxRedirects, headers: await headers() });
  const timeoutMs = remote.timeoutMs ?? scope.toolTimeoutMs;
  const card = async (fetchImpl: typeof fetch, signal: AbortSignal) =>
    remoteCard(scope.config, name, remote.card, { fetchImpl, ssrf, ttlMs: remote.cardTtlMs ?? REMOTE_AGENT_DEFAULTS.cardTtlMs, signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) });
  return { fetchWith, card, timeoutMs };
}

/**
 * The remote A2A agent `name` as a sub-agent tool of `place`'s agent. Its description is the card's
 * (read now, cached per server; if the card cannot be read now, the call reads it again and fails
 * with the cause). Calling it runs {@link runRemoteTask}: the progress streams as preliminary
 * outputs, a question waits for the person's answer, the outcome is the result.
 */
export async function remoteAgentEntry(exposed: string, name: string, remote: RemoteAgentConfig, place: AgentRunPlace, scope: ToolScope, runtime: RemoteAgentRuntime = {}): Promise<ToolEntry> {
  const reach = connection(name, remote, place, scope, runtime);
  let description = remote.description;
  if (description === undefined) {
    try {
      description = cardDescription(await reach.card(await reach.fetchWith(), scope.signal));
    } catch (error) {
      scope.logger.warn('remote agent card unreadable', { agentId: place.agentId, remoteAgent: name, error: String(error) });
      description = `Delegate a task to the remote ${name} agent.`;
    }
  }
  const remoteTool = tool({
    description,
    inputSchema: subAgentTaskSchema,
    execute: async function* (input: { task: string }, options): AsyncGenerator<RemoteAgentProgress> {
      const signal = options.abortSignal ?? scope.signal;
      const fetchImpl = await reach.fetchWith();
      const card = await reach.card(fetchImpl, signal);
      const client = await new ClientFactory({ transports: [new JsonRpcTransportFactory({ fetchImpl })], preferredTransports: ['JSONRPC'] }).createFromAgentCard(card);
      const who = { userId: scope.request.userId ?? 'anonymous', agentId: place.agentId };
      let last: RemoteAgentProgress | undefined;
      for await (const progress of runRemoteTask({
        name,
        card,
        client,
        prompt: input.task,
        signal,
        timeoutMs: reach.timeoutMs,
        ask: (_question, askSignal) =>
          place.depth === 0
            ? waitForAnswer(scope.config, options.toolCallId, who, askSignal, remote.answerTimeoutMs ?? REMOTE_AGENT_DEFAULTS.answerTimeoutMs, name)
            : Promise.reject(new RemoteAgentError('no-answer', `The ${name} agent asked a question, but only the chat's own agent can pass a question to the person; its task was cancelled.`)),
        files: fileSink(scope, who.userId, place.agentId),
      })) {
        last = progress;
        yield progress;
      }
      // The last output is the result the model reads: capped like every tool result.
      const capped = last && capResult(last, scope.toolResultMaxChars);
      if (capped !== last) yield capped as RemoteAgentProgress;
    },
  }) as Tool;
  return { name: exposed, tool: remoteTool, confirm: false, source: 'sub-agent', streamsOutput: true };
}

/** Files of the remote agent into the server's blob store (when `files` is configured), owned by the user. */
function fileSink(scope: ToolScope, ownerId: string, agentId: string): FileSink | undefined {
  const files = filesOf(scope.config);
  if (!files) return undefined;
  return async (bytes, mediaType, filename) => {
    const id = files.newId();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    const { size } = await files.store.put(dataKey(id), body, { maxBytes: files.settings.maxFileBytes, contentType: mediaType });
    await files.writeMeta({
      id,
      ownerId,
      agentId,
      mediaType,
      filename,
      size,
      createdAt: new Date().toISOString(),
      claimed: true,
      conversationId: scope.request.conversationId ?? null,
    });
    return { name: filename, mediaType, url: fileRefUrl(id), size };
  };
}
