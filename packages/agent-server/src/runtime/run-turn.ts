import { UI_MESSAGE_STREAM_HEADERS, type StepResult, type ToolSet, type UIMessageChunk } from 'ai';
import { CHAT_TITLE_PART } from '@x/agent-protocol';
import { RUN_ID_HEADER } from '@x/agent-protocol/routes';
import type { RunLogWriter } from '../runs/run-log.js';
import type { StoredTurn } from './persist-turn.js';
import { compactionPart } from './compaction-history.js';
import { fallbackTitle, startTitle } from './generate-title.js';
import { startReplyCheckpoints } from './reply-checkpoints.js';
import { toHookStep } from './hook-steps.js';
import { safeErrorMessage } from './safe-error-message.js';
import { releaseScope } from './turn-scope.js';
import type { TurnInput } from './turn-input.js';
import { createTurnAgent, errorText, newMessageId, openTurn, storeUserId, streamTurnReply } from './turn-setup.js';
import type { ReplyEnd } from './stream-agent-reply.js';
import { createTurnBody } from './turn-body.js';
import { keepAliveHeader } from './sse-keep-alive.js';
import { sumUsage } from './usage.js';
import { startAgentRunTrace } from '../tracing/agent-span.js';

export { storeUserId } from './turn-setup.js';
export type { TurnInput } from './turn-input.js';

/**
 * Runs one chat turn of an agent and answers with the AI SDK UI message stream. This is the one
 * function a conversation store or a resumable-stream wrapper surrounds (ARCHITECTURE §7).
 *
 * Builds the tools (MCP clients included), validates and converts the messages (400 on invalid
 * ones), runs the `ToolLoopAgent`, fires the hooks, writes the title and the `onFinish` hooks' data
 * parts before `finish`, and closes every MCP client when the turn ends — also on abort or error.
 * A client disconnect (request signal or a cancelled response body) aborts the model call — with
 * `onDisconnect: 'continue'` it does not: the turn is read to its end and saved.
 * With a `store` the server owns history (`openStoredTurn`): the request is applied to the stored
 * thread, the user message is saved before the model is called, the reply when the turn ends; with a
 * run log every chunk is written to it (`id: {seq}` on the wire) and a Stop aborts the turn.
 */
export async function runTurn(input: TurnInput): Promise<Response> {
  const continueOnDisconnect = input.onDisconnect === 'continue';
  // The turn's span (`invoke_agent`): what the turn does while it opens and finishes is nested under it.
  const traced = startAgentRunTrace(input.agentId, input.conversationId);
  const runLog = input.store ? input.runLog : undefined;
  // The log opens (and a Stop can reach the run) before the run becomes the conversation's active one.
  let log: RunLogWriter | undefined;
  let offStop: (() => void) | undefined;
  // A Stop may come while the turn still opens: it is kept and applied once the turn can abort.
  const stop: { requested: boolean; turn: (() => void) | undefined } = { requested: false, turn: undefined };
  const openLog = (stored: StoredTurn) => {
    if (!runLog) return;
    log = runLog.open({
      runId: stored.runId,
      conversationId: stored.conversationId,
      userId: storeUserId(input.user),
      agentId: input.agentId,
      sharedState: input.body.sharedState,
      startedAt: Date.now(),
    });
    offStop = runLog.onStop(stored.runId, () => {
      stop.requested = true;
      stop.turn?.();
    });
  };
  let turn: Awaited<ReturnType<typeof openTurn>>;
  try {
    // With 'continue' the request's signal (aborted when the client goes away) does not reach the model.
    turn = await traced.run(() => openTurn(continueOnDisconnect ? { ...input, signal: new AbortController().signal } : input, { beforeBegin: openLog }));
  } catch (error) {
    traced.end({ failure: error });
    offStop?.();
    await log?.end().catch(() => {});
    throw error;
  }
  const { controller, signal, scope, run, messages, stored, hooks } = turn;
  stop.turn = () => controller.abort(new DOMException('The run was stopped.', 'AbortError'));
  if (stop.requested) stop.turn();
  let failure: string | undefined;
  const steps: StepResult<ToolSet>[] = [];
  const agent = createTurnAgent(turn, input, steps, (message) => (failure ??= message));

  const title = traced.run(() => startTitle(input.config, input.agentId, input.agent, messages, signal, input.logger));
  // With a store, the reply is checkpointed while it streams: a server that dies mid-reply leaves it.
  const checkpoints = stored?.checkpoints
    ? startReplyCheckpoints({
        // In the turn's trace: its store spans are the turn's, whatever timer or read writes them.
        write: traced.bind((progress) => stored.checkpoint(progress)),
        base: messages.at(-1)?.role === 'assistant' ? messages.at(-1) : undefined,
        fallbackTitle: title ? fallbackTitle(input.agent, messages) : undefined,
        onError: (error) => input.logger.warn('the reply checkpoint was not saved', { agentId: input.agentId, error: errorText(error) }),
      })
    : undefined;
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
    // abort the request's signal — unless the run goes on without its client.
    onCancel: (reason) => controller.abort(reason),
    continueOnCancel: continueOnDisconnect,
    keepAliveMs: input.keepAliveMs,
    log,
    onSend: checkpoints?.push,
    beforeFinish: traced.bind(async (): Promise<UIMessageChunk[]> => {
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
        const failedWith = failure ?? (tripped ? tripped.message : undefined);
        // The final write comes after any checkpoint in flight (and none after it).
        await checkpoints?.settle();
        await stored?.finish(
          {
            reply: end ? responseMessage : undefined,
            aborted: isAborted,
            errorText: failedWith,
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
        // The stop reason the stored reply gets, also on the wire (live and resumed replies agree).
        const stopReason: UIMessageChunk | undefined = !stored
          ? undefined
          : failedWith !== undefined
            ? { type: 'message-metadata', messageMetadata: { stopReason: 'error', errorText: failedWith } }
            : isAborted
              ? { type: 'message-metadata', messageMetadata: { stopReason: 'stopped' } }
              : undefined;
        return stopReason ? [...(dataParts as UIMessageChunk[]), stopReason] : (dataParts as UIMessageChunk[]);
      } catch (error) {
        input.logger.error('turn failed', { agentId: input.agentId, error: errorText(error) });
        return [{ type: 'error', errorText: safeErrorMessage(error) }];
      } finally {
        offStop?.();
        await releaseScope(scope);
        traced.end({ record: turn.recorder, failure, stopped: signal.aborted });
      }
    }),
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
    headers: stored
      ? { ...UI_MESSAGE_STREAM_HEADERS, ...keepAliveHeader(input.keepAliveMs), 'x-conversation-id': stored.conversationId, [RUN_ID_HEADER]: stored.runId }
      : { ...UI_MESSAGE_STREAM_HEADERS, ...keepAliveHeader(input.keepAliveMs) },
  });
}
