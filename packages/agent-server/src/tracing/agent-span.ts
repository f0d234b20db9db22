import { context, SpanKind, trace, type Context, type Span } from '@opentelemetry/api';
import type { AgentRunRecord } from '@x/agent-protocol/routes';
import { failSpan, tracer } from './tracer.js';

/** How an agent run ended, as its span records it. */
export interface AgentRunOutcome {
  /** The run's record (read only when the span records). */
  record?: { snapshot(): AgentRunRecord } | undefined;
  /** The run failed: a safe message or the error. */
  failure?: unknown;
  /** The run was stopped (a Stop, the client went away). */
  stopped?: boolean;
  /** The run's id, when there is no record to read it from. */
  runId?: string | undefined;
}

/** The span of one agent run (`invoke_agent {agentId}`): the chat's turn or a sub-agent run. */
export interface AgentRunTrace {
  /** The context with the run's span active (its model calls, tool calls and store calls are its children). */
  readonly context: Context;
  /** Runs `fn` with the run's span active. */
  run<T>(fn: () => T): T;
  /** `fn`, run with the run's span active whenever it is called (a stream's callbacks run in the reader's context). */
  bind<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
  /** Ends the span once, with the outcome's status, run id and token usage. */
  end(outcome: AgentRunOutcome): void;
}

/**
 * Starts the span of an agent run as a child of the active context (an incoming `traceparent`, or
 * the tool call that starts a sub-agent). Without a registered SDK the span is the API's no-op one
 * and nothing is built for it.
 */
export function startAgentRunTrace(agentId: string, conversationId?: string | undefined): AgentRunTrace {
  const parent = context.active();
  const span = tracer().startSpan(`invoke_agent ${agentId}`, { kind: SpanKind.INTERNAL }, parent);
  if (span.isRecording()) {
    span.setAttributes({ 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.id': agentId, 'gen_ai.agent.name': agentId });
    if (conversationId !== undefined) span.setAttribute('gen_ai.conversation.id', conversationId);
  }
  const active = trace.setSpan(parent, span);
  let ended = false;
  return {
    context: active,
    run: (fn) => context.with(active, fn),
    bind: (fn) => (...args) => context.with(active, () => fn(...args)),
    end(outcome) {
      if (ended) return;
      ended = true;
      if (span.isRecording()) recordOutcome(span, outcome);
      span.end();
    },
  };
}

function recordOutcome(span: Span, outcome: AgentRunOutcome): void {
  const record = outcome.record?.snapshot();
  if (outcome.runId !== undefined) span.setAttribute('x.run.id', outcome.runId);
  if (record) {
    span.setAttribute('x.run.id', record.id);
    // The run's own steps (a sub-agent run's tokens are on its own span).
    if (record.usage?.inputTokens !== undefined) span.setAttribute('gen_ai.usage.input_tokens', record.usage.inputTokens);
    if (record.usage?.outputTokens !== undefined) span.setAttribute('gen_ai.usage.output_tokens', record.usage.outputTokens);
    if (record.conversationId !== null) span.setAttribute('gen_ai.conversation.id', record.conversationId);
    const finishReason = record.steps.at(-1)?.finishReason;
    if (finishReason) span.setAttribute('gen_ai.response.finish_reasons', [finishReason]);
  }
  const status = outcome.failure !== undefined ? 'failed' : outcome.stopped ? 'stopped' : 'completed';
  span.setAttribute('x.run.status', status);
  if (outcome.failure !== undefined) failSpan(span, outcome.failure);
}
