import type { AgentRunRecord, RunStepRecord, RunToolCallRecord } from '@x/agent-protocol/routes';

const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);
const at = (ms: number) => new Date(T0 + ms).toISOString();

function step(stepNumber: number, start: number, duration: number | null, finishReason: string | null, output = 40): RunStepRecord {
  return { stepNumber, startedAt: at(start), durationMs: duration, finishReason, usage: duration === null ? null : { inputTokens: 1200 + stepNumber * 150, outputTokens: output, totalTokens: 1240 + stepNumber * 150 + output - 40 } };
}

function call(id: string, toolName: string, stepNumber: number, start: number, duration: number | null, extra: Partial<RunToolCallRecord> = {}): RunToolCallRecord {
  return {
    toolCallId: id,
    toolName,
    source: 'function',
    stepNumber,
    state: duration === null ? 'running' : 'done',
    input: { orderId: id },
    ...(duration === null ? {} : { output: { ok: true } }),
    startedAt: at(start),
    durationMs: duration,
    ...extra,
  };
}

/**
 * A run with a sub-agent and 20 tool calls (19 order audits, one `carrier` sub-agent call with two
 * calls of its own), as `GET {basePath}/runs/{runId}` answers it. `upTo` cuts it at that many ms
 * (a run still streaming); `failed` ends it with a tool error and a model error.
 */
export function auditRunRecord(options: { upTo?: number; failed?: boolean } = {}): AgentRunRecord {
  const cut = options.upTo ?? Infinity;
  const steps: RunStepRecord[] = [];
  const toolCalls: RunToolCallRecord[] = [];
  let t = 0;
  let n = 0;
  const sub: AgentRunRecord = {
    id: 'run-sub-carrier',
    agentId: 'carrier',
    conversationId: 'conv-audit',
    initiatorRunId: 'run-audit',
    initiatorToolCallId: 'call-carrier',
    status: 'completed',
    stopReason: 'stop',
    startedAt: at(1_900),
    finishedAt: at(3_100),
    usage: { inputTokens: 900, outputTokens: 60, totalTokens: 960 },
    steps: [
      { stepNumber: 1, startedAt: at(1_900), durationMs: 500, finishReason: 'tool-calls', usage: { inputTokens: 400, outputTokens: 20, totalTokens: 420 } },
      { stepNumber: 2, startedAt: at(2_800), durationMs: 300, finishReason: 'stop', usage: { inputTokens: 500, outputTokens: 40, totalTokens: 540 } },
    ],
    toolCalls: [
      call('call-s1', 'checkCarrier', 1, 2_400, 380, { input: { shipment: 's1' }, output: { onTime: true } }),
      call('call-s2', 'checkCarrier', 1, 2_400, 420, { input: { shipment: 's2' }, output: { onTime: false } }),
    ],
    subRuns: [],
  };
  const rounds = [5, 6, 5, 4];
  for (const [i, count] of rounds.entries()) {
    const stepNumber = i + 1;
    const stepStart = t;
    steps.push(step(stepNumber, stepStart, 600, 'tool-calls'));
    for (let k = 0; k < count; k++) {
      const isCarrier = stepNumber === 2 && k === count - 1;
      if (isCarrier) {
        toolCalls.push(call('call-carrier', 'carrier', stepNumber, stepStart + 500, 1_300, { source: 'sub-agent', input: { task: 'Check s1 and s2' }, output: 'Shipment s1 is on time; s2 is late.', subRunId: sub.id }));
      } else {
        n += 1;
        const failed = options.failed && n === 7;
        toolCalls.push(
          call(`call-${n}`, 'auditOrder', stepNumber, stepStart + 500 + k * 15, 180 + ((n * 37) % 220), failed ? { state: 'error', error: 'The audit service timed out.', output: undefined } : {}),
        );
      }
    }
    t = stepStart + (stepNumber === 2 ? 2_000 : 1_000);
  }
  steps.push(step(5, t, 700, 'stop', 120));
  const record: AgentRunRecord = {
    id: 'run-audit',
    agentId: 'assistant',
    conversationId: 'conv-audit',
    initiatorRunId: null,
    initiatorToolCallId: null,
    status: options.failed ? 'failed' : 'completed',
    stopReason: options.failed ? 'error' : 'stop',
    startedAt: at(0),
    finishedAt: at(t + 700),
    usage: null,
    steps,
    toolCalls,
    subRuns: [sub],
  };
  if (options.failed) record.steps[4] = { ...record.steps[4]!, finishReason: 'error', usage: null };
  return cut === Infinity ? record : cutAt(record, cut);
}

/** The record as it was `ms` after the run started (a live view of it). */
function cutAt(record: AgentRunRecord, ms: number): AgentRunRecord {
  const start = Date.parse(record.startedAt);
  const visible = <T extends { startedAt: string; durationMs: number | null }>(items: T[]) =>
    items
      .filter((item) => Date.parse(item.startedAt) - start <= ms)
      .map((item) => (item.durationMs !== null && Date.parse(item.startedAt) - start + item.durationMs > ms ? { ...item, durationMs: null, state: 'running' } : item));
  const cutRun = (run: AgentRunRecord): AgentRunRecord => ({
    ...run,
    status: 'running',
    stopReason: null,
    finishedAt: null,
    steps: visible(run.steps).map((s) => (s.durationMs === null ? { ...s, finishReason: null, usage: null } : s)),
    toolCalls: visible(run.toolCalls).map((c) => (c.durationMs === null ? { ...c, output: undefined, state: 'running' as const } : c)),
    subRuns: run.subRuns.filter((s) => Date.parse(s.startedAt) - start <= ms).map(cutRun),
  });
  return cutRun(record);
}
