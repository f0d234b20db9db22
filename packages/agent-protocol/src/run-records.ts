/**
 * Run records (ARCHITECTURE §8): what one run of an agent did — its steps, its tool calls with their
 * timings, usage, stop reason and the sub-agent runs it started, nested. The activity timeline
 * (`AgentTimeline` in `@x/agent-ui`) draws them.
 *
 * - `GET {basePath}/runs/{runId}` → {@link AgentRunRecord} (sub-agent runs nested in `subRuns`).
 *   While the run streams the instance running it answers from memory (`status: 'running'`); after
 *   its end, from the store. Without a store a record lives only as long as its run.
 * - `GET {basePath}/runs?conversationId={id}` → {@link RunRecordList}: the conversation's runs,
 *   newest first (needs a store).
 *
 * Both are scoped to `authenticate`'s user: another user's run or conversation answers 404
 * (`run_not_found` / `conversation_not_found`). Times are ISO 8601 strings, durations milliseconds.
 */
export const RUNS_SEGMENT = 'runs';

/**
 * What the server puts in a reply's `metadata` (from the stream's `start` chunk, kept with a store):
 * the run that wrote it, so a client can read its record while it streams and after.
 */
export interface RunMessageMetadata {
  runId?: string;
}

/** Paths of the run record routes, relative to `basePath` (no trailing slash). */
export const runRecordPaths = {
  one: (basePath: string, runId: string) => `${basePath}/${RUNS_SEGMENT}/${encodeURIComponent(runId)}`,
  list: (basePath: string, conversationId: string) => `${basePath}/${RUNS_SEGMENT}?conversationId=${encodeURIComponent(conversationId)}`,
} as const;

/** Where a tool came from: the server's tool sources, a client tool, or a platform tool (`update-page-state`). */
export type RunToolSource = 'function' | 'mcp' | 'http' | 'sub-agent' | 'file-system' | 'client' | 'platform';

export type RunRecordStatus = 'running' | 'completed' | 'stopped' | 'failed';

/** Token counts as the provider reported them (absent when it did not). */
export interface RunUsage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  reasoningTokens?: number;
  cachedInputTokens?: number;
}

/** One model step of a run (1-based `stepNumber`). */
export interface RunStepRecord {
  stepNumber: number;
  startedAt: string;
  /** Null while the step runs. */
  durationMs: number | null;
  /** The model's finish reason (`stop`, `tool-calls`, `length`, …); null while the step runs. */
  finishReason: string | null;
  usage: RunUsage | null;
}

/**
 * One tool call. `state`: `running` while it executes, `done` / `error` after, `pending` for a call
 * the server did not execute (a client tool, a call waiting for approval).
 */
export interface RunToolCallRecord {
  toolCallId: string;
  toolName: string;
  source: RunToolSource;
  /** The step that called it. */
  stepNumber: number;
  state: 'running' | 'done' | 'error' | 'pending';
  input: unknown;
  output?: unknown;
  error?: string;
  startedAt: string;
  durationMs: number | null;
  /** The sub-agent run this call started (source `sub-agent`). */
  subRunId?: string;
}

/** One run of an agent: the chat's turn or a sub-agent run (`initiatorRunId` names its parent). */
export interface AgentRunRecord {
  id: string;
  agentId: string | null;
  conversationId: string | null;
  /** The run whose tool call started this one (sub-agent runs); null for a chat turn. */
  initiatorRunId: string | null;
  /** The initiator's tool call that started this run. */
  initiatorToolCallId: string | null;
  status: RunRecordStatus;
  stopReason: string | null;
  startedAt: string;
  finishedAt: string | null;
  /** Total tokens of this run's own steps (sub-agent runs count in their own record). */
  usage: RunUsage | null;
  steps: RunStepRecord[];
  toolCalls: RunToolCallRecord[];
  /** Sub-agent runs this one started, in start order, each with its own steps and calls. */
  subRuns: AgentRunRecord[];
  /**
   * The OpenTelemetry trace id (32 hex digits) of the run's spans, when the server traced it (an SDK
   * registered, or an incoming `traceparent` continued). `AgentTimeline`'s `traceUrl` links to it.
   */
  traceId?: string;
}

/** `GET {basePath}/runs?conversationId=` answer: the conversation's runs, newest first. */
export interface RunRecordList {
  runs: AgentRunRecord[];
}

/** Token counts added up key by key; null when none reported any (a count absent everywhere stays absent). */
export function sumRunUsage(usages: readonly (RunUsage | null | undefined)[]): RunUsage | null {
  const reported = usages.filter((u): u is RunUsage => u !== null && u !== undefined);
  if (reported.length === 0) return null;
  const total: RunUsage = {};
  for (const usage of reported) {
    for (const key of Object.keys(usage) as (keyof RunUsage)[]) total[key] = (total[key] ?? 0) + (usage[key] ?? 0);
  }
  return total;
}

/** Tokens of a run and every sub-agent run under it (what a timeline shows as total): in, out and total. */
export function totalRunUsage(record: AgentRunRecord): Required<Pick<RunUsage, 'inputTokens' | 'outputTokens' | 'totalTokens'>> {
  const steps: RunUsage[] = [];
  const visit = (run: AgentRunRecord) => {
    for (const step of run.steps) {
      if (step.usage) steps.push({ ...step.usage, totalTokens: step.usage.totalTokens ?? (step.usage.inputTokens ?? 0) + (step.usage.outputTokens ?? 0) });
    }
    run.subRuns.forEach(visit);
  };
  visit(record);
  const sum = sumRunUsage(steps);
  return { inputTokens: sum?.inputTokens ?? 0, outputTokens: sum?.outputTokens ?? 0, totalTokens: sum?.totalTokens ?? 0 };
}
