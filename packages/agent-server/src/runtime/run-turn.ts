import { ToolLoopAgent, UI_MESSAGE_STREAM_HEADERS, type StepResult, type ToolSet, type UIMessageChunk } from 'ai';
import { CHAT_TITLE_PART, type AgentRequestBody } from '@x/agent-protocol';
import type { TurnRequestContext } from '../config/hook-types.js';
import type { AgentUser } from '../config/tool-types.js';
import type { AgentConfig, AgentServerConfig, Logger } from '../config/types.js';
import { buildAgentRun } from './agent-settings.js';
import { startTitle } from './generate-title.js';
import { toHookStep } from './hook-steps.js';
import type { ConversationStore } from '../store/types.js';
import { openStoredTurn } from './persist-turn.js';
import { toModelMessages, validateMessages } from './prepare-messages.js';
import { safeErrorMessage } from './safe-error-message.js';
import { TurnHooks } from './turn-hooks.js';
import { releaseScope, type TurnScope } from './turn-scope.js';
import { streamAgentReply, type ReplyEnd } from './stream-agent-reply.js';
import { createTurnBody } from './turn-body.js';
import { sumUsage } from './usage.js';

/** One request's turn, after the route resolved the agent and parsed the body. */
export interface TurnInput {
  agentId: string;
  agent: AgentConfig;
  body: AgentRequestBody;
  conversationId: string | undefined;
  /** The server's conversation store (guarded), when it has one: the server then owns history. */
  store?: ConversationStore | undefined;
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
 * function a conversation store or a resumable-stream wrapper surrounds (DESIGN §7).
 *
 * Builds the tools (MCP clients included), validates and converts the messages (400 on invalid
 * ones), runs the `ToolLoopAgent`, fires the hooks, writes the title and the `onFinish` hooks' data
 * parts before `finish`, and closes every MCP client when the turn ends — also on abort or error.
 * A client disconnect (request signal or a cancelled response body) aborts the model call.
 */
export async function runTurn(input: TurnInput): Promise<Response> {
  const controller = new AbortController();
  const signal = AbortSignal.any([input.signal, controller.signal]);
  const store = input.store;
  // With a store every turn belongs to a conversation: a request without one starts a new one.
  const conversationId = input.conversationId ?? (store ? `conv-${crypto.randomUUID()}` : undefined);
  const request: TurnRequestContext = {
    agentId: input.agentId,
    conversationId,
    userId: typeof input.user?.id === 'string' ? input.user.id : undefined,
    pageId: input.body.pageId,
    urlQuery: input.body.urlQuery as TurnRequestContext['urlQuery'],
    sharedState: input.body.sharedState,
  };
  const scope: TurnScope = {
    config: input.config,
    logger: input.logger,
    toolTimeoutMs: input.toolTimeoutMs,
    toolResultMaxChars: input.toolResultMaxChars,
    request,
    user: input.user,
    signal,
    cleanups: [],
  };

  let prepared;
  try {
    const run = await buildAgentRun(input.agent, { agentId: input.agentId, depth: 0 }, scope);
    // With a store the server owns history: the request adds to the stored thread (or is refused).
    const stored =
      store && conversationId
        ? await openStoredTurn({
            store,
            userId: storeUserId(input.user),
            agentId: input.agentId,
            conversationId,
            body: input.body,
            tools: run.toolSet.tools,
            onFinishError: (error) => input.logger.error('store unavailable: the reply was not saved', { agentId: input.agentId, error: errorText(error) }),
          })
        : undefined;
    const messages = await validateMessages(stored ? (stored.thread as AgentRequestBody['messages']) : input.body.messages, run.toolSet.tools);
    const modelMessages = await toModelMessages(messages, run.toolSet.tools, input.agent);
    // The user message is saved before the model is called.
    await stored?.begin();
    prepared = { run, messages, modelMessages, stored };
  } catch (error) {
    await releaseScope(scope);
    throw error;
  }
  const { run, messages, modelMessages, stored } = prepared;
  let failure: string | undefined;
  const hooks = new TurnHooks(input.config, input.agent, request, input.user, input.logger);
  const steps: StepResult<ToolSet>[] = [];

  const agent = new ToolLoopAgent<never, ToolSet>({
    ...run.settings,
    onError: ({ error }) => {
      failure ??= safeErrorMessage(error);
      input.logger.error('model stream failed', { agentId: input.agentId, error: String(error) });
    },
    onStart: () => hooks.fire('onStart', {}),
    onStepStart: ({ stepNumber }) => hooks.fire('onStepStart', { stepNumber: stepNumber + 1 }),
    onToolExecutionStart: ({ toolCall }) =>
      hooks.fire('onToolCallStart', { toolCallId: toolCall.toolCallId, toolName: toolCall.toolName, input: toolCall.input }),
    onToolExecutionEnd: ({ toolCall, toolOutput, toolExecutionMs }) =>
      hooks.fire('onToolCallFinish', {
        toolCallId: toolCall.toolCallId,
        toolName: toolCall.toolName,
        input: toolCall.input,
        durationMs: toolExecutionMs,
        ...(toolOutput.type === 'tool-result' ? { output: toolOutput.output } : { error: errorText(toolOutput.error) }),
      }),
    onStepEnd: (step) => {
      steps.push(step);
      hooks.fire('onStepFinish', toHookStep(step, steps.length));
    },
  });

  const title = startTitle(input.config, input.agentId, input.agent, messages, signal, input.logger);
  let titlePart: { type: typeof CHAT_TITLE_PART; id: string; data: { title: string } } | undefined;
  // The reply as one UI message is built only when an onFinish hook receives it.
  let end: ReplyEnd | undefined;
  const body = createTurnBody({
    source: streamAgentReply({
      agent,
      tools: run.toolSet.tools,
      modelMessages,
      originalMessages: messages,
      signal,
      generateMessageId: newMessageId,
      metadata: { agentId: input.agentId, ...(conversationId ? { conversationId } : {}) },
      onEnd: hooks.has('onFinish') || stored ? (event) => (end = event) : undefined,
    }),
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
        const responseMessage = titlePart ? { ...baseReply, parts: [...baseReply.parts, titlePart] } : baseReply;
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
  const titleWritten = title?.then((text) => {
    if (!text) return;
    titlePart = { type: CHAT_TITLE_PART, id: 'chat-title', data: { title: text } };
    body.write(titlePart);
  });
  return new Response(body.stream, {
    headers: stored ? { ...UI_MESSAGE_STREAM_HEADERS, 'x-conversation-id': stored.conversationId } : UI_MESSAGE_STREAM_HEADERS,
  });
}

/** The user a store scopes a turn to: `authenticate`'s user id, else `anonymous`. */
export function storeUserId(user: AgentUser | undefined): string {
  return typeof user?.id === 'string' && user.id !== '' ? user.id : 'anonymous';
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function newMessageId(): string {
  return `msg-${crypto.randomUUID()}`;
}
