'use client';
import { FocusRingStyle } from '../a11y/focus-ring.js';
import { totalRunUsage, type AgentRunRecord } from '@x/agent-protocol/routes';
import { useRunRecord, type RunRecordOptions } from '@x/agent-react/runs';
import { Alert, Button, Spin, theme as antdTheme } from 'antd';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { AccessibleTheme, useTokenStyle } from '../config.js';
import { axisOf, formatDuration } from './format.js';
import { useLocaleStrings } from '../locales/use-locale-strings.js';
import type { AgentTimelineStrings } from './strings.js';
import { RunBlock, type TimelineContext } from './timeline-rows.js';
import { AntdRules } from '../styles/antd-rules.js';
import { TIMELINE_ANTD_RULES } from './timeline-antd-rules.js';

/** Props of {@link AgentTimeline}: a `record`, or where to read one (`api` + `runId` / `conversationId`). */
export interface AgentTimelineProps extends Omit<RunRecordOptions, 'fetch'> {
  /**
   * The run to draw (an admin view that has it already, a story). When absent the timeline reads it
   * with `useRunRecord` from `api` (`runId`, or the newest run of `conversationId`), live while it runs.
   */
  record?: AgentRunRecord | null;
  /** With `record`: it is still loading (shows a spinner when `record` is empty). */
  loading?: boolean;
  /** With `record`: reading it failed (shown with `onRetry`). */
  error?: { message: string } | null;
  onRetry?: () => void;
  /** Sub-agent runs start expanded (default true). */
  defaultExpanded?: boolean;
  /** BCP 47 locale of numbers and the built-in strings (default: the kit's locale in scope, i.e. antd's `ConfigProvider` locale, else English). */
  locale?: string;
  strings?: Partial<AgentTimelineStrings>;
  /**
   * Where the run's trace is in the app's tracing backend (Jaeger, Tempo, an APM vendor): with it, a
   * run whose record has a `traceId` (the server traced it) shows a "View trace" link there.
   * Only http(s) URLs are linked.
   */
  traceUrl?: (traceId: string) => string | undefined;
  /** The fetch of the reads (with `api`). */
  fetch?: typeof globalThis.fetch;
  className?: string;
  style?: CSSProperties;
}

/**
 * The activity of one run as a waterfall: its steps and tool calls as bars on one time axis with
 * their durations, sub-agent runs nested under the call that started them (collapsible), tokens per
 * step and in total. A list of lists (each row's text says what its bar shows), themed by antd tokens.
 */
export function AgentTimeline(props: AgentTimelineProps) {
  // The kit's contrast fixes (secondary and error text pass 4.5:1 on every theme).
  return (
    <AccessibleTheme>
      <AntdRules href="xagent-antd-timeline" rules={TIMELINE_ANTD_RULES} />
      {props.record !== undefined ? <TimelineView {...props} record={props.record} /> : <ConnectedTimeline {...props} />}
    </AccessibleTheme>
  );
}

function ConnectedTimeline(props: AgentTimelineProps) {
  const run = useRunRecord(props);
  return (
    <TimelineView
      {...props}
      record={run.record}
      loading={run.status === 'loading'}
      error={run.status === 'error' ? run.error : null}
      onRetry={() => void run.refresh()}
    />
  );
}

function TimelineView(props: AgentTimelineProps & { record: AgentRunRecord | null }) {
  const { record, className, style } = props;
  const { token } = antdTheme.useToken();
  // Strings and numbers: the `locale` prop's, else the kit's in scope (antd's locale by default).
  const kitStrings = useLocaleStrings(props.locale);
  const locale = props.locale ?? kitStrings.locale;
  const strings = useMemo(() => ({ ...kitStrings.timeline, ...props.strings }), [kitStrings, props.strings]);
  const running = record?.status === 'running';
  // The axis of a running run ends now: a clock ticks while it runs, so open bars grow between reads.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, 500);
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
  }, [running, record]);
  const ctx = useMemo<TimelineContext | undefined>(
    () => (record ? { axis: axisOf(record, now), now, token, strings, locale, defaultExpanded: props.defaultExpanded ?? true } : undefined),
    [record, now, token, strings, locale, props.defaultExpanded],
  );
  const ring = useTokenStyle() as Record<string, unknown>;
  const rootStyle = { '--xagent-focus-ring': ring['--xagent-focus-ring'], color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, minWidth: 0, ...style } as CSSProperties;

  if (!record || !ctx) {
    return (
      <section aria-label={strings.label} className={className} style={rootStyle} data-xagent-timeline="">
        <FocusRingStyle />
        {props.error ? (
          <Alert
            type="error"
            showIcon
            title={strings.loadFailed}
            description={props.error.message}
            action={props.onRetry ? <Button size="small" onClick={props.onRetry}>{strings.retry}</Button> : undefined}
          />
        ) : props.loading ? (
          <div role="status" style={{ display: 'flex', gap: token.marginXS, alignItems: 'center', padding: token.padding, justifyContent: 'center' }}>
            <Spin size="small" /> {strings.loading}
          </div>
        ) : (
          <p role="status" style={{ color: token.colorTextSecondary, textAlign: 'center', margin: token.margin }}>{strings.empty}</p>
        )}
      </section>
    );
  }

  const total = totalRunUsage(record);
  const hasPending = (run: AgentRunRecord): boolean => run.toolCalls.some((call) => call.state === 'pending') || run.subRuns.some(hasPending);
  // A run that ended on a call waiting for the user's approval is not "Completed": it waits.
  const status = record.status === 'completed' && hasPending(record) ? 'waiting' : record.status;
  const statusColor = { running: token.colorPrimary, completed: token.colorSuccess, stopped: token.colorWarning, failed: token.colorError, waiting: token.colorWarning }[status];
  const duration = ctx.axis.end - ctx.axis.start;
  return (
    <section aria-label={strings.label} aria-busy={record.status === 'running'} className={className} style={rootStyle} data-xagent-timeline="" data-run-status={record.status} data-run-waiting={status === 'waiting' || undefined}>
      <FocusRingStyle />
      <header style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: token.marginXS, marginBottom: token.marginSM }}>
        <strong style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{strings.run(record.agentId ?? '')}</strong>
        <span
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: token.marginXXS,
            padding: `0 ${token.paddingXS}px`,
            border: `1px solid ${token.colorBorder}`,
            borderRadius: token.borderRadiusSM,
            fontSize: token.fontSizeSM,
          }}
        >
          {/* The dot carries the colour; the text keeps the text colour (contrast on every theme). */}
          <span aria-hidden style={{ width: 8, height: 8, borderRadius: '50%', background: statusColor }} />
          <span role="status">{strings.status[status]}</span>
        </span>
        {record.stopReason ? <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{record.stopReason}</span> : null}
        <TraceLink traceId={record.traceId} traceUrl={props.traceUrl} text={strings.viewTrace} />
      </header>
      <p style={{ display: 'flex', flexWrap: 'wrap', columnGap: token.marginMD, rowGap: token.marginXXS, margin: `0 0 ${token.marginSM}px`, fontSize: token.fontSizeSM, fontVariantNumeric: 'tabular-nums' }}>
        <span data-xagent-timeline-total-duration="">{formatDuration(duration, locale)}</span>
        <span data-xagent-timeline-total-tokens="">
          {strings.totalTokens(total.totalTokens ?? 0, total.inputTokens ?? 0, total.outputTokens ?? 0)}
        </span>
        <span>
          {strings.steps(record.steps.length)} · {strings.toolCalls(record.toolCalls.length)}
        </span>
      </p>
      <RunBlock record={record} ctx={ctx} depth={0} />
    </section>
  );
}

/** The link to the run's trace, when the record has a trace id and the app says where traces are (http(s) only). */
function TraceLink(props: { traceId: string | undefined; traceUrl: AgentTimelineProps['traceUrl']; text: string }) {
  if (!props.traceId || !props.traceUrl) return null;
  const href = props.traceUrl(props.traceId);
  if (!href || !/^https?:\/\//i.test(href)) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" data-xagent-timeline-trace="" style={{ marginInlineStart: 'auto' }}>
      {props.text}
    </a>
  );
}
