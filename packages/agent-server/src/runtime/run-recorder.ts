import type { LanguageModelUsage, ToolLoopAgentSettings, ToolSet } from 'ai';
import { sumRunUsage, type AgentRunRecord, type RunRecordStatus, type RunStepRecord, type RunToolCallRecord, type RunToolSource, type RunUsage } from '@x/agent-protocol/routes';
import type { ToolSource } from '../tools/tool-entry.js';

/** Who a recorded run belongs to and where it sits (a chat turn or a sub-agent run). */
export interface RunRecorderMeta {
  id: string;
  agentId: string;
  conversationId: string | null;
  /** The store's user id the run is scoped to (the route answers only this user). */
  userId: string;
  initiatorRunId?: string | undefined;
  initiatorToolCallId?: string | undefined;
  /** The OpenTelemetry trace the run is recorded in (its sub-agent runs share it). */
  traceId?: string | undefined;
}

/** The tool call as the agent's callbacks report it. */
interface CallInfo {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/**
 * Records one run as the `ToolLoopAgent`'s callbacks report it (steps, tool calls with timings,
 * usage) and the sub-agent runs its tool calls start. Costs nothing per streamed delta: it is called
 * once per step and per tool call. `snapshot()` is the protocol's `AgentRunRecord`, nested.
 */
export class RunRecorder {
  readonly meta: RunRecorderMeta;
  readonly subRuns: RunRecorder[] = [];
  private readonly startedAt = Date.now();
  private readonly steps: (RunStepRecord & { startMs: number })[] = [];
  private readonly calls = new Map<string, RunToolCallRecord & { startMs: number }>();
  private sources: Readonly<Record<string, ToolSource>> = {};
  private status: RunRecordStatus = 'running';
  private stopReason: string | null = null;
  private finishedAt: number | null = null;

  constructor(meta: RunRecorderMeta) {
    this.meta = meta;
  }

  /** Where each tool of the run's tool set came from (a tool not in it is the client's). */
  setSources(sources: Readonly<Record<string, ToolSource>>): void {
    this.sources = sources;
  }

  get ended(): boolean {
    return this.status !== 'running';
  }

  stepStart(stepNumber: number): void {
    const now = Date.now();
    this.steps.push({ stepNumber, startedAt: new Date(now).toISOString(), startMs: now, durationMs: null, finishReason: null, usage: null });
  }

  /** Ends the open step; calls the model made that the server did not execute are `pending`. */
  stepEnd(step: { finishReason: string; usage: LanguageModelUsage; toolCalls: readonly CallInfo[] }): void {
    const now = Date.now();
    const open = this.steps.at(-1);
    const record = open && open.durationMs === null ? open : undefined;
    if (record) {
      record.durationMs = now - record.startMs;
      record.finishReason = step.finishReason;
      record.usage = toRunUsage(step.usage);
    }
    for (const call of step.toolCalls) {
      if (this.calls.has(call.toolCallId)) continue;
      this.calls.set(call.toolCallId, { ...this.newCall(call, now, record?.stepNumber), state: 'pending', durationMs: null });
    }
  }

  toolStart(call: CallInfo): void {
    this.calls.set(call.toolCallId, this.newCall(call, Date.now(), this.steps.at(-1)?.stepNumber));
  }

  toolEnd(call: CallInfo, result: { output: unknown } | { error: string }, durationMs: number | undefined): void {
    const record = this.calls.get(call.toolCallId) ?? this.newCall(call, Date.now(), this.steps.at(-1)?.stepNumber);
    record.durationMs = durationMs ?? Date.now() - record.startMs;
    if ('error' in result) {
      record.state = 'error';
      record.error = result.error;
    } else {
      record.state = 'done';
      record.output = result.output;
    }
    this.calls.set(call.toolCallId, record);
  }

  /** A sub-agent run started by this run's tool call `toolCallId`. */
  startSubRun(meta: Pick<RunRecorderMeta, 'id' | 'agentId'>, toolCallId: string | undefined): RunRecorder {
    const sub = new RunRecorder({
      ...meta,
      conversationId: this.meta.conversationId,
      userId: this.meta.userId,
      initiatorRunId: this.meta.id,
      traceId: this.meta.traceId,
      initiatorToolCallId: toolCallId,
    });
    this.subRuns.push(sub);
    const call = toolCallId === undefined ? undefined : this.calls.get(toolCallId);
    if (call) call.subRunId = meta.id;
    return sub;
  }

  /**
   * Ends the run (once). A step or tool call still open was cut off by the end: it gets its measured
   * duration, the step the finish reason of the end (`abort` when stopped, `error` when failed) and
   * the usage known of it (none reported: `{}`), a running call `error` — the protocol keeps null
   * for running steps only.
   */
  end(status: Exclude<RunRecordStatus, 'running'>, stopReason: string | null): void {
    if (this.ended) return;
    // A sub-agent run still open when its parent ends was cut off with it.
    for (const sub of this.subRuns) sub.end('stopped', 'aborted');
    const now = Date.now();
    for (const step of this.steps) {
      if (step.durationMs !== null) continue;
      step.durationMs = now - step.startMs;
      step.finishReason = status === 'failed' ? 'error' : status === 'stopped' ? 'abort' : 'stop';
      step.usage ??= {};
    }
    for (const call of this.calls.values()) {
      if (call.state !== 'running') continue;
      call.durationMs = now - call.startMs;
      call.state = 'error';
      call.error = status === 'failed' ? 'The run failed before the call finished.' : 'The run was stopped before the call finished.';
    }
    this.status = status;
    this.stopReason = stopReason;
    this.finishedAt = now;
  }

  private newCall(call: CallInfo, now: number, stepNumber: number | undefined): RunToolCallRecord & { startMs: number } {
    return {
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      source: toRunToolSource(Object.hasOwn(this.sources, call.toolName) ? this.sources[call.toolName] : undefined),
      stepNumber: stepNumber ?? 1,
      state: 'running',
      input: call.input,
      startedAt: new Date(now).toISOString(),
      startMs: now,
      durationMs: null,
    };
  }

  /** The record as the route answers it: a copy, so a live run can go on changing. */
  snapshot(): AgentRunRecord {
    const steps = this.steps.map(({ startMs: _, ...step }) => ({ ...step }));
    return {
      id: this.meta.id,
      agentId: this.meta.agentId,
      conversationId: this.meta.conversationId,
      initiatorRunId: this.meta.initiatorRunId ?? null,
      initiatorToolCallId: this.meta.initiatorToolCallId ?? null,
      status: this.status,
      stopReason: this.stopReason,
      startedAt: new Date(this.startedAt).toISOString(),
      finishedAt: this.finishedAt === null ? null : new Date(this.finishedAt).toISOString(),
      usage: sumRunUsage(steps.map((s) => s.usage)),
      steps,
      toolCalls: [...this.calls.values()].map(({ startMs: _, ...call }) => jsonSafe(call)),
      subRuns: this.subRuns.map((sub) => sub.snapshot()),
      ...(this.meta.traceId !== undefined ? { traceId: this.meta.traceId } : {}),
    };
  }
}

/** Tool inputs and outputs as JSON (what the store keeps and the route sends); never throws. */
function jsonSafe<T>(value: T): T {
  try {
    return JSON.parse(JSON.stringify(value)) as T;
  } catch {
    return { ...value, output: '[unserializable]' };
  }
}

export function toRunUsage(usage: LanguageModelUsage | undefined): RunUsage | null {
  if (!usage) return null;
  const out: RunUsage = {};
  if (usage.inputTokens !== undefined) out.inputTokens = usage.inputTokens;
  if (usage.outputTokens !== undefined) out.outputTokens = usage.outputTokens;
  if (usage.totalTokens !== undefined) out.totalTokens = usage.totalTokens;
  const reasoning = usage.outputTokenDetails?.reasoningTokens;
  if (reasoning !== undefined) out.reasoningTokens = reasoning;
  const cached = usage.inputTokenDetails?.cacheReadTokens;
  if (cached !== undefined) out.cachedInputTokens = cached;
  return out;
}


/** The protocol's name of a tool source (`update-page-state` is the platform's). */
export function toRunToolSource(source: ToolSource | undefined): RunToolSource {
  if (source === undefined) return 'client';
  return source === 'page-state' ? 'platform' : source;
}

type RecordedCallbacks = Required<Pick<ToolLoopAgentSettings<never, ToolSet>, 'onStepStart' | 'onToolExecutionStart' | 'onToolExecutionEnd' | 'onStepEnd'>>;

/** The `ToolLoopAgent` callbacks that record into `recorder` (the chat's agent and sub-agents both). */
export function recordingCallbacks(recorder: RunRecorder): RecordedCallbacks {
  return {
    onStepStart: ({ stepNumber }) => recorder.stepStart(stepNumber + 1),
    onToolExecutionStart: ({ toolCall }) => recorder.toolStart(toolCall),
    onToolExecutionEnd: ({ toolCall, toolOutput, toolExecutionMs }) =>
      recorder.toolEnd(
        toolCall,
        toolOutput.type === 'tool-result' ? { output: toolOutput.output } : { error: toolOutput.error instanceof Error ? toolOutput.error.message : String(toolOutput.error) },
        toolExecutionMs,
      ),
    onStepEnd: (step) => recorder.stepEnd(step),
  };
}
