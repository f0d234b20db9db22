import { UI_MESSAGE_STREAM_HEADERS, type StepResult, type ToolSet, type UIMessageChunk } from 'ai';
import { CHAT_TITLE_PART, type AgentRequestBody, type OnDisconnect } from '@x/agent-protocol';
import type { RunLog } from '../runs/run-log.js';
import type { AgentUser } from '../config/tool-types.js';
import type { AgentConfig, AgentServerConfig, Logger } from '../config/types.js';
import { compactionPart } from './compaction-history.js';
import { startTitle } from './generate-title.js';
import { toHookStep } from './hook-steps.js';
import type { ConversationStore } from '../store/types.js';
import { safeErrorMessage } from './safe-error-message.js';
import { releaseScope } from './turn-scope.js';
import { createTurnAgent, errorText, newMessageId, openTurn, streamTurnReply } from './turn-setup.js';
import type { ReplyEnd } from './stream-agent-reply.js';
import { createTurnBody } from './turn-body.js';
import { sumUsage } from './usage.js';

export { storeUserId } from './turn-setup.js';

/** One request's turn, after the route resolved the agent and parsed the body. */
export interface TurnInput {
  agentId: string;
  agent: AgentConfig;
  body: AgentRequestBody;
  conversationId: string | undefined;
  /** The server's conversation store (guarded), when it has one: the server then owns history. */
  store?: ConversationStore | undefined;
  /** The run log (with a store): the turn's stream is written to it and a Stop reaches it through it. */
  runLog?: RunLog | undefined;
  /** What the turn does when its client goes away (default `'abort'`). */
  onDisconnect?: OnDisconnect | undefined;
  user: AgentUser | undefined;
  /** The request's signal: aborted when the client goes away. */
  signal: AbortSignal;
  config: AgentServerConfig;
  logger: Logger;
  toolTimeoutMs: number;
  toolResultMaxChars: number;
}

/**
 * Runs one chat turn of an agent and answers with the AI SDK UI message stream. This is the one
 * function a conversation store or a resumable-stream wrapper surrounds (ARCHITECTURE §7).
 *
 * Builds the tools (MCP clients included), validates and converts the messages (400 on invalid
 * ones), runs the `ToolLoopAgent`, fires the hooks, writes the title and the `onFinish` hooks' data
 * parts before `finish`, and closes every MCP client when the turn ends — also on abort or error.
 * A client disconnect (request signal or a cancelled response body) aborts the model call.
 * With a `store` the server owns history (`openStoredTurn`): the request is applied to the stored
 * thread, the user message is saved before the model is called, the reply when the turn ends.
 */
export async function runTurn(input: TurnInput): Promise<Response> {
  const turn = await openTurn(input);
  const { controller, signal, scope, run, messages, stored, hooks } = turn;
  let failure: string | undefined;
  const steps: StepResult<ToolSet>[] = [];
  const agent = createTurnAgent(turn, input, steps, (message) => (failure ??= message));

  const title = startTitle(input.config, input.agentId, input.agent, messages, signal, input.logger);
  let titlePart: { type: typeof CHAT_TITLE_PART; id: string; data: { title: string } } | undefined;
  // The reply as one UI message is built only when an onFinish hook receives it.
  let end: ReplyEnd | undefined;
  const body = createTurnBody({
    source: streamTurnReply(turn, input, agent, hooks.has('onFinish') || stored ? (event) => (end = event) : undefined),
    errorText: (error) => {
      if (signal.aborted) return undefined;
      input.logger.error('turn failed', { agentId: input.agentId, error: errorText(error) });
      failure ??= safeErrorMessage(error);
      return failure;
    },
    // A cancelled body (the client went away) aborts the turn even where the platform does not
    // abort the request's signal.
    onCancel: (reason) => controller.abort(reason),
    beforeFinish: async () => {
      try {
        const tripped = run.toolSet.doomLoop.tripped;
        if (tripped) body.write({ type: 'error', errorText: tripped.message });
        await titleWritten;
        const hookSteps = steps.map((step, i) => toHookStep(step, i + 1));
        // The reply as the client holds it: the title part is in it too (a store saving the
        // transcript from onFinish then has the title without a second source).
        const baseReply = end?.responseMessage ?? { id: newMessageId(), role: 'assistant' as const, parts: [] };
        const extraParts = [...compactionParts, ...(titlePart ? [titlePart] : [])];
        const responseMessage = extraParts.length > 0 ? { ...baseReply, parts: [...baseReply.parts, ...extraParts] } : baseReply;
        const baseMessages = end?.messages ?? messages;
        const finalMessages = baseMessages.at(-1)?.id === baseReply.id ? [...baseMessages.slice(0, -1), responseMessage] : baseMessages;
        const finishReason = end?.finishReason ?? steps.at(-1)?.finishReason;
        const usage = sumUsage(steps.map((s) => s.usage));
        const isAborted = (end?.isAborted ?? false) || signal.aborted;
        await stored?.finish(
          {
            reply: end ? responseMessage : undefined,
            aborted: isAborted,
            errorText: failure ?? (tripped ? tripped.message : undefined),
            finishReason,
            title: titlePart?.data.title,
            steps: steps.length,
            usage,
          },
          newMessageId,
        );
        const dataParts = await hooks.finish({
          messages: finalMessages,
          responseMessage,
          steps: hookSteps,
          toolResults: hookSteps.flatMap((s) => s.toolResults),
          finishReason,
          usage,
          isAborted,
        });
        return dataParts as UIMessageChunk[];
      } catch (error) {
        input.logger.error('turn failed', { agentId: input.agentId, error: errorText(error) });
        return [{ type: 'error', errorText: safeErrorMessage(error) }];
      } finally {
        await releaseScope(scope);
      }
    },
  });
  // Compaction markers go to the client as they happen and are kept in the reply (stored with it).
  const compactionParts: ReturnType<typeof compactionPart>[] = [];
  if (scope.compaction) {
    scope.compaction.onCompaction = (data) => {
      const part = compactionPart(data, compactionParts.length + 1);
      compactionParts.push(part);
      body.write(part);
    };
  }
  const titleWritten = title?.then((text) => {
    if (!text) return;
    titlePart = { type: CHAT_TITLE_PART, id: 'chat-title', data: { title: text } };
    body.write(titlePart);
  });
  return new Response(body.stream, {
    headers: stored ? { ...UI_MESSAGE_STREAM_HEADERS, 'x-conversation-id': stored.conversationId } : UI_MESSAGE_STREAM_HEADERS,
  });
}
