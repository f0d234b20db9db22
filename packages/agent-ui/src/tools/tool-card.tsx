'use client';
import { theme } from 'antd';
import { memo, type CSSProperties, type ReactNode } from 'react';
import { ThoughtChain } from '../antdx.js';
import { useAgentUIConfig } from '../config.js';
import { summarize, toDisplayJson } from './format.js';
import { sameToolCall, type ToolCallView } from './tool-parts.js';

/** How much of a tool result to show: a one-line summary (full on expand), everything, or nothing. */
export type ToolResultDisplay = 'summary' | 'full' | 'none';

/** Props of {@link ToolCard}. */
export interface ToolCardProps {
  call: ToolCallView;
  /** Default `summary`. */
  resultDisplay?: ToolResultDisplay;
  /** Extra content under the card (e.g. an approval form). */
  children?: ReactNode;
}

export const cardStyle: CSSProperties = {
  background: 'var(--xagent-card-bg)',
  border: '1px solid var(--xagent-card-border)',
  borderRadius: 'var(--xagent-card-radius)',
  padding: '8px 12px',
  margin: '4px 0',
  maxWidth: '100%',
  overflow: 'hidden',
};
const preStyle: CSSProperties = {
  margin: '4px 0 0',
  padding: 8,
  maxHeight: 320,
  overflow: 'auto',
  fontSize: '0.85em',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  background: 'var(--xagent-card-bg)',
  borderRadius: 'var(--xagent-card-radius)',
};
const labelStyle: CSSProperties = { fontWeight: 600, marginInlineEnd: 6 };
const summaryStyle: CSSProperties = { cursor: 'pointer', width: 'fit-content' };

type ChainStatus = 'loading' | 'success' | 'error' | 'abort';

function statusOf(call: ToolCallView): ChainStatus {
  switch (call.state) {
    case 'output-available':
      return call.preliminary ? 'loading' : 'success';
    case 'output-error':
      return 'error';
    case 'output-denied':
      return 'abort';
    default:
      return 'loading';
  }
}

/**
 * A tool call: name and status (Ant Design X ThoughtChain item), its input, and a summary of its
 * result with the full result behind a native disclosure (keyboard operable, announces its state).
 */
export const ToolCard = memo(function ToolCard({ call, resultDisplay = 'summary', children }: ToolCardProps) {
  const { strings } = useAgentUIConfig();
  const { token } = theme.useToken();
  const status = statusOf(call);
  const title =
    status === 'success'
      ? strings.toolDone(call.toolName)
      : status === 'error'
        ? strings.toolError(call.toolName)
        : status === 'abort'
          ? strings.toolDenied(call.toolName)
          : strings.toolRunning(call.toolName);
  const description =
    call.state === 'output-error'
      ? call.errorText
      : call.state === 'output-denied'
        ? call.approval?.reason
        : call.state === 'output-available' && resultDisplay !== 'none'
          ? summarize(call.output)
          : undefined;
  return (
    <div
      style={cardStyle}
      role="group"
      aria-label={title}
      data-xagent-tool={call.toolName}
      data-state={call.state}
      aria-busy={status === 'loading' ? true : undefined}
    >
      <ThoughtChain.Item variant="text" status={status} title={title} />
      {description ? (
        <div style={{ color: status === 'error' ? token.colorErrorText : token.colorTextSecondary, overflowWrap: 'anywhere' }} data-xagent-tool-summary="">
          {description}
        </div>
      ) : null}
      {call.input !== undefined ? (
        <details>
          <summary style={summaryStyle}>
            <span style={labelStyle}>{strings.toolInput}</span>
            <code>{summarize(call.input, 80)}</code>
          </summary>
          <pre style={preStyle} tabIndex={0}>{toDisplayJson(call.input, 20_000)}</pre>
        </details>
      ) : null}
      {call.state === 'output-available' && resultDisplay === 'summary' ? (
        <details>
          <summary style={summaryStyle}>{strings.showFullResult}</summary>
          <pre style={preStyle} aria-label={strings.toolResult} tabIndex={0}>
            {toDisplayJson(call.output, 100_000)}
          </pre>
        </details>
      ) : null}
      {call.state === 'output-available' && resultDisplay === 'full' ? (
        <pre style={preStyle} aria-label={strings.toolResult} tabIndex={0}>
          {toDisplayJson(call.output, 100_000)}
        </pre>
      ) : null}
      {children}
    </div>
  );
},
(prev, next) => prev.resultDisplay === next.resultDisplay && prev.children === next.children && sameToolCall(prev.call, next.call));
