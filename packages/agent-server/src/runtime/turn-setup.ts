import { conversationIdOf } from './server-history.js';
import { ToolLoopAgent, type ModelMessage, type ToolLoopAgentSettings, type StepResult, type ToolSet, type UIMessage } from 'ai';
import type { AgentRequestBody } from '@x/agent-protocol';
import type { TurnRequestContext } from '../config/hook-types.js';
import type { AgentUser } from '../config/tool-types.js';
import { applyApprovalEdits } from '../tools/approval-edits.js';
import { checkAnsweredApprovals } from '../tools/approval-decision.js';
import { buildAgentRun, type AgentRun } from './agent-settings.js';
import { compactionModelMessages } from './compaction-history.js';
import { toHookStep } from './hook-steps.js';
import { openStoredTurn, type StoredTurn } from './persist-turn.js';
import { toModelMessages, validateMessages } from './prepare-messages.js';
import { liveRunsOf } from './live-runs.js';
import { recordingCallbacks, RunRecorder } from './run-recorder.js';
import { runSubAgent } from './run-sub-agent.js';
import type { TurnInput } from './turn-input.js';
import { safeErrorMessage } from './safe-error-message.js';
import { streamAgentReply, type ReplyEnd } from './stream-agent-reply.js';
import { TurnHooks } from './turn-hooks.js';
import { releaseScope, type TurnScope } from './turn-scope.js';
import { activeTraceId } from '../tracing/tracer.js';
import { filesOf } from '../files/file-service.js';
import { claimFiles, resolveFilesForModel } from '../files/turn-files.js';

/** A turn ready to call the model: shared by the streaming route and the generate route. */
export interface OpenTurn {
  controller: AbortController;
  signal: AbortSignal;
  conversationId: string | undefined;
  request: TurnRequestContext;
  scope: TurnScope;
  run: AgentRun;
  messages: UIMessage[];
  modelMessages: ModelMessage[];
  stored: StoredTurn | undefined;
  hooks: TurnHooks;
  /** The run's record (steps, tool calls, sub-agent runs): live while it runs, saved with a store. */
  recorder: RunRecorder;
}

/**
 * Builds the turn's scope, the agent run (tools, MCP clients), the stored thread under the server
 * history rules (with a store), validates and converts the messages (400 on invalid ones) and saves
 * the user message before the model is called. On any failure the scope is released and the error
 * rethrown (an `AgentRequestError` becomes the route's JSON error at the edge). `beforeBegin` runs just before the
 * stored turn becomes visible (the run log opens there).
 */
export async function openTurn(input: TurnInput, options: { beforeBegin?: ((stored: StoredTurn) => void) | undefined } = {}): Promise<OpenTurn> {
  const store = input.store;
  // Without a store the client holds the history: every approval answer it sends goes through the
  // one approval decision's schema (a 400 before anything is built or run). With one, server-history
  // checks the answers it applies.
  if (!store) checkAnsweredApprovals(input.body.messages);
  const controller = new AbortController();
  const signal = AbortSignal.any([input.signal, controller.signal]);
  // With a store every turn belongs to a conversation: a request without one starts a new one.
  const conversationId = conversationIdOf(input.conversationId, input.body, store !== undefined);
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
    ...(input.agent.compaction ? { compaction: { ids: undefined, compacted: false } } : {}),
    cleanups: [],
    runSubAgent: (agentId, prompt, place, abort) => runSubAgent(agentId, prompt, place, scope, abort),
  };
  // The run's id names its record (and, with a store, its row): known before the tools are built,
  // so sub-agent runs name it as their initiator.
  const runId = input.runId ?? `run-${crypto.randomUUID()}`;
  const runs = liveRunsOf(input.config);
  const recorder = new RunRecorder({
    id: runId,
    agentId: input.agentId,
    conversationId: conversationId ?? null,
    userId: storeUserId(input.user),
    traceId: activeTraceId(),
  });
  scope.runs = runs;
  runs.add(recorder);
  // Runs when the turn ends (after a store saved the record): without a store the record goes too.
  scope.cleanups.push(async () => {
    recorder.end(signal.aborted ? 'stopped' : 'completed', signal.aborted ? 'aborted' : null);
    runs.remove(recorder);
  });
  try {
    const run = await buildAgentRun(input.agent, { agentId: input.agentId, depth: 0, runId }, scope);
    recorder.setSources(run.toolSet.sources);
    // With a store the server owns history: the request adds to the stored thread (or is refused).
    const stored =
      store && conversationId
        ? await openStoredTurn({
            store,
            runLog: input.runLog,
            runId,
            recorder,
            userId: storeUserId(input.user),
            agentId: input.agentId,
            conversationId,
            body: input.body,
            tools: run.toolSet.tools,
            onFinishError: (error) =>
              input.logger.error('store unavailable: the reply was not saved', { agentId: input.agentId, error: errorText(error) }),
          })
        : undefined;
    const requested = stored ? (stored.thread as AgentRequestBody['messages']) : input.body.messages;
    const messages = await validateMessages(await applyApprovalEdits(requested, run.toolSet.tools, input.config.approvalSecret, input.logger), run.toolSet.tools);
    // File references become the files' bytes for the model only (what is stored keeps the reference).
    const files = filesOf(input.config);
    const fileScope = { ownerId: storeUserId(input.user), conversationId: conversationId ?? null };
    const forModel = await resolveFilesForModel(messages, files, fileScope);
    const modelMessages = scope.compaction
      ? await compactionModelMessages(forModel, run.toolSet.tools, input.agent, scope.compaction)
      : await toModelMessages(forModel, run.toolSet.tools, input.agent);
    // The user message is saved before the model is called. The run log opens first, so a resume
    // never sees an active run the log does not know.
    if (stored) options.beforeBegin?.(stored);
    await stored?.begin();
    await claimFiles(messages, files, fileScope);
    const hooks = new TurnHooks(input.config, input.agent, request, input.user, input.logger);
    return { controller, signal, conversationId, request, scope, run, messages, modelMessages, stored, hooks, recorder };
  } catch (error) {
    await releaseScope(scope);
    throw error;
  }
}

/** Settings a caller sets on top of the agent's (the generate route's structured output). */
export type AgentOverrides = Partial<ToolLoopAgentSettings<never, ToolSet>>;

/**
 * The turn's `ToolLoopAgent`: the run's settings with the hooks fired from its callbacks; every step
 * is pushed to `steps`, and the first model error goes to `onFailure` (a safe message).
 */
export function createTurnAgent(
  turn: OpenTurn,
  input: Pick<TurnInput, 'agentId' | 'logger'>,
  steps: StepResult<ToolSet>[],
  onFailure: (message: string) => void,
  overrides: AgentOverrides = {},
): ToolLoopAgent<never, ToolSet> {
  const { hooks } = turn;
  const record = recordingCallbacks(turn.recorder);
  return new ToolLoopAgent<never, ToolSet>({
    ...turn.run.settings,
    ...overrides,
    onError: ({ error }) => {
      // An aborted turn is stopped, not failed (the abort surfaces as an error of the stream).
      if (!turn.signal.aborted) onFailure(safeErrorMessage(error));
      input.logger.error('model stream failed', { agentId: input.agentId, error: String(error) });
    },
    onStart: () => hooks.fire('onStart', {}),
    onStepStart: (event) => {
      record.onStepStart(event);
      return hooks.fire('onStepStart', { stepNumber: event.stepNumber + 1 });
    },
    onToolExecutionStart: (event) => {
      record.onToolExecutionStart(event);
      const { toolCall } = event;
      return hooks.fire('onToolCallStart', { toolCallId: toolCall.toolCallId, toolName: toolCall.toolName, input: toolCall.input });
    },
    onToolExecutionEnd: (event) => {
      record.onToolExecutionEnd(event);
      const { toolCall, toolOutput, toolExecutionMs } = event;
      return hooks.fire('onToolCallFinish', {
        toolCallId: toolCall.toolCallId,
        toolName: toolCall.toolName,
        input: toolCall.input,
        durationMs: toolExecutionMs,
        ...(toolOutput.type === 'tool-result' ? { output: toolOutput.output } : { error: errorText(toolOutput.error) }),
      });
    },
    onStepEnd: (step) => {
      record.onStepEnd(step);
      steps.push(step);
      hooks.fire('onStepFinish', toHookStep(step, steps.length));
    },
  });
}

/** The user a store scopes a turn to: `authenticate`'s user id, else `anonymous`. */
export function storeUserId(user: AgentUser | undefined): string {
  return typeof user?.id === 'string' && user.id !== '' ? user.id : 'anonymous';
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Id of a new assistant message. */
export function newMessageId(): string {
  return `msg-${crypto.randomUUID()}`;
}

/**
 * The reply of an opened turn as a UI message chunk stream (both routes read it: the streaming route
 * as its body, the generate route to the end). `onEnd` receives the reply as one UI message.
 */
export function streamTurnReply(
  turn: OpenTurn,
  input: TurnInput,
  agent: ToolLoopAgent<never, ToolSet>,
  onEnd: ((end: ReplyEnd) => void) | undefined,
): ReturnType<typeof streamAgentReply> {
  return streamAgentReply({
    agent,
    tools: turn.run.toolSet.tools,
    modelMessages: turn.modelMessages,
    originalMessages: turn.messages,
    signal: turn.signal,
    generateMessageId: newMessageId,
    // The run id lets a client read the run's record (`GET {basePath}/runs/{runId}`) while it streams.
    metadata: { agentId: input.agentId, ...(turn.conversationId ? { conversationId: turn.conversationId } : {}), runId: turn.recorder.meta.id },
    onEnd,
  });
}
