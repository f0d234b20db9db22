'use client';
import type { AgentRunRecord, RunStepRecord, RunToolCallRecord } from '@x/agent-protocol/routes';
import type { GlobalToken } from 'antd';
import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { barOf, formatDuration, stepTokens, type TimeAxis } from './format.js';
import type { AgentTimelineStrings } from './strings.js';

/** What every row of one timeline shares. */
export interface TimelineContext {
  axis: TimeAxis;
  now: number;
  token: GlobalToken;
  strings: AgentTimelineStrings;
  /** BCP 47 tag of numbers and durations. */
  locale: string | undefined;
  defaultExpanded: boolean;
}

const listStyle: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };

const srOnly: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** A row: its label and figures on one line, its bar on the time axis below (fits 390 px). */
function Row(props: {
  ctx: TimelineContext;
  kind: 'step' | 'tool';
  label: ReactNode;
  meta: ReactNode;
  startedAt: string;
  durationMs: number | null;
  color: string;
  dashed?: boolean;
  state?: string;
}) {
  const { ctx, kind } = props;
  const { token } = ctx;
  const bar = barOf(ctx.axis, props.startedAt, props.durationMs, ctx.now);
  return (
    <div data-xagent-timeline-row={kind} data-state={props.state} style={{ padding: `${token.paddingXXS}px 0` }}>
      <div style={{ display: 'flex', alignItems: 'baseline', gap: token.marginXS, minWidth: 0 }}>
        <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: kind === 'step' ? 600 : 400 }}>
          {props.label}
        </span>
        <span style={{ flex: 'none', color: token.colorTextSecondary, fontSize: token.fontSizeSM, fontVariantNumeric: 'tabular-nums' }}>{props.meta}</span>
        <span style={srOnly}>{ctx.strings.startsAt(formatDuration(bar.offsetMs, ctx.locale))}</span>
      </div>
      <div aria-hidden style={{ position: 'relative', height: 6, marginTop: 2, borderRadius: 3, background: token.colorFillTertiary }}>
        <div
          data-xagent-timeline-bar=""
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            insetInlineStart: `${bar.left}%`,
            width: `${bar.width}%`,
            borderRadius: 3,
            background: props.dashed ? 'transparent' : props.color,
            border: props.dashed ? `1px dashed ${props.color}` : undefined,
            boxSizing: 'border-box',
          }}
        />
      </div>
    </div>
  );
}

function durationText(ctx: TimelineContext, durationMs: number | null): string {
  return durationMs === null ? ctx.strings.running : formatDuration(durationMs, ctx.locale);
}

function ToolCallItem({ call, subRun, ctx, depth }: { call: RunToolCallRecord; subRun: AgentRunRecord | undefined; ctx: TimelineContext; depth: number }) {
  const { token, strings } = ctx;
  const color =
    call.state === 'error' ? token.colorError : call.state === 'pending' ? token.colorTextTertiary : call.state === 'running' ? token.colorPrimary : token.colorSuccess;
  const [expanded, setExpanded] = useState(ctx.defaultExpanded);
  const subId = useId();
  // A run's "tool calls" are its own, as the chat shows them: a sub-agent's are counted on its row.
  const subRunLabel = subRun ? `${strings.subAgent(subRun.agentId ?? '', subRun.steps.length)} · ${strings.toolCalls(subRun.toolCalls.length)}` : '';
  return (
    <li data-xagent-timeline-tool={call.toolName} style={{ paddingInlineStart: token.paddingSM }}>
      <Row
        ctx={ctx}
        kind="tool"
        state={call.state}
        color={color}
        dashed={call.state === 'pending'}
        startedAt={call.startedAt}
        durationMs={call.durationMs}
        label={
          <>
            <code style={{ fontFamily: token.fontFamilyCode, fontSize: '0.92em' }}>{call.toolName}</code>{' '}
            <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
              {strings.source[call.source] ?? call.source}
              {call.state !== 'done' ? ` · ${strings.toolState[call.state]}` : ''}
            </span>
          </>
        }
        meta={<span data-xagent-timeline-duration="">{call.state === 'pending' ? strings.toolState.pending : durationText(ctx, call.durationMs)}</span>}
      />
      {call.error ? (
        <div style={{ color: token.colorErrorText, fontSize: token.fontSizeSM, overflowWrap: 'anywhere', paddingInlineStart: token.paddingXS }}>{call.error}</div>
      ) : null}
      <CallDetails call={call} ctx={ctx} />
      {subRun ? (
        <div style={{ marginTop: token.marginXXS }}>
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={subId}
            aria-label={`${expanded ? strings.hideSubRun : strings.showSubRun}: ${subRunLabel}`}
            onClick={() => setExpanded((open) => !open)}
            data-xagent-timeline-subrun-toggle=""
            style={{
              all: 'unset',
              cursor: 'pointer',
              display: 'inline-flex',
              alignItems: 'center',
              gap: token.marginXXS,
              color: token.colorTextSecondary,
              fontSize: token.fontSizeSM,
              borderRadius: token.borderRadiusSM,
              outlineOffset: 2,
            }}
          >
            <span aria-hidden style={{ display: 'inline-block', transform: expanded ? 'rotate(90deg)' : undefined, transition: 'transform 0.15s' }}>
              ▸
            </span>
            {subRunLabel}
          </button>
          <div id={subId} hidden={!expanded}>
            {expanded ? <RunBlock record={subRun} ctx={ctx} depth={depth + 1} /> : null}
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** Longest text of a call's input and output shown (an admin view, not a dump). */
const DETAILS_MAX_CHARS = 4_000;

/** The call's input and output (or error) as JSON, rendered only once opened (20 rows stay cheap). */
function CallDetails({ call, ctx }: { call: RunToolCallRecord; ctx: TimelineContext }) {
  const { token, strings } = ctx;
  const [open, setOpen] = useState(false);
  let text = '';
  if (open) {
    const value = { input: call.input, ...(call.error !== undefined ? { error: call.error } : call.state === 'done' ? { output: call.output } : {}) };
    const json = JSON.stringify(value, null, 2) ?? '';
    text = json.length > DETAILS_MAX_CHARS ? `${json.slice(0, DETAILS_MAX_CHARS)}\n…` : json;
  }
  return (
    <details open={open} style={{ paddingInlineStart: token.paddingXS, fontSize: token.fontSizeSM }}>
      {/* Controlled: the summary's click (also Enter / Space on it) toggles the state, not the element. */}
      <summary
        aria-label={strings.details(call.toolName)}
        onClick={(event) => {
          event.preventDefault();
          setOpen((was) => !was);
        }}
        style={{ cursor: 'pointer', color: token.colorTextSecondary, width: 'fit-content' }}
      >
        {strings.detailsShort}
      </summary>
      {open ? (
        <pre
          tabIndex={0}
          style={{
            margin: `${token.marginXXS}px 0`,
            padding: token.paddingXS,
            maxHeight: 240,
            overflow: 'auto',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontFamily: token.fontFamilyCode,
            background: token.colorFillTertiary,
            borderRadius: token.borderRadiusSM,
          }}
        >
          {text}
        </pre>
      ) : null}
    </details>
  );
}

function StepItem({ step, calls, run, ctx, depth }: { step: RunStepRecord; calls: RunToolCallRecord[]; run: AgentRunRecord; ctx: TimelineContext; depth: number }) {
  const { token, strings } = ctx;
  const tokens = stepTokens(step.usage);
  const meta = [tokens === undefined ? undefined : strings.tokens(tokens), durationText(ctx, step.durationMs)].filter(Boolean).join(' · ');
  return (
    <li data-xagent-timeline-step={step.stepNumber}>
      <Row
        ctx={ctx}
        kind="step"
        color={step.durationMs === null ? token.colorPrimary : token.colorPrimaryBorder}
        startedAt={step.startedAt}
        durationMs={step.durationMs}
        label={
          <>
            {strings.step(step.stepNumber)}
            {step.finishReason ? <span style={{ color: token.colorTextSecondary, fontWeight: 400, fontSize: token.fontSizeSM }}> · {step.finishReason}</span> : null}
          </>
        }
        meta={meta}
      />
      {calls.length > 0 ? (
        <ol style={listStyle} aria-label={strings.toolCalls(calls.length)}>
          {calls.map((call) => (
            <ToolCallItem key={call.toolCallId} call={call} subRun={run.subRuns.find((s) => s.id === call.subRunId || s.initiatorToolCallId === call.toolCallId)} ctx={ctx} depth={depth} />
          ))}
        </ol>
      ) : null}
    </li>
  );
}

/** A run's steps, each with its tool calls (and their sub-agent runs, nested and indented). */
export function RunBlock({ record, ctx, depth }: { record: AgentRunRecord; ctx: TimelineContext; depth: number }) {
  const { token, strings } = ctx;
  const stepNumbers = [...new Set([...record.steps.map((s) => s.stepNumber), ...record.toolCalls.map((c) => c.stepNumber)])].sort((a, b) => a - b);
  const steps = stepNumbers.map(
    (n): RunStepRecord =>
      record.steps.find((s) => s.stepNumber === n) ?? { stepNumber: n, startedAt: record.toolCalls.find((c) => c.stepNumber === n)!.startedAt, durationMs: null, finishReason: null, usage: null },
  );
  // Sub-agent runs no tool call of this run names (never expected, but nothing is hidden).
  const linked = new Set(record.toolCalls.flatMap((c) => (c.subRunId ? [c.subRunId] : [])));
  const orphans = record.subRuns.filter((s) => !linked.has(s.id) && !record.toolCalls.some((c) => c.toolCallId === s.initiatorToolCallId));
  return (
    <div
      data-xagent-timeline-run={record.id}
      data-depth={depth}
      style={depth > 0 ? { marginInlineStart: token.marginXS, paddingInlineStart: token.paddingSM, borderInlineStart: `2px solid ${token.colorBorderSecondary}` } : undefined}
    >
      {steps.length === 0 && record.status === 'running' ? (
        <p style={{ margin: `${token.marginXXS}px 0`, color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{strings.waiting}</p>
      ) : null}
      <ol style={listStyle} aria-label={strings.steps(steps.length)}>
        {steps.map((step) => (
          <StepItem key={step.stepNumber} step={step} calls={record.toolCalls.filter((c) => c.stepNumber === step.stepNumber)} run={record} ctx={ctx} depth={depth} />
        ))}
      </ol>
      {orphans.map((sub) => (
        <RunBlock key={sub.id} record={sub} ctx={ctx} depth={depth + 1} />
      ))}
    </div>
  );
}
