'use client';
import { theme } from 'antd';
import { memo, useState, type CSSProperties, type ReactNode } from 'react';
import { ThoughtChain } from '../lazy/on-demand-antdx.js';
import { useAgentUIConfig } from '../config.js';
import { toDisplayJson } from './format.js';
import { sameToolCall, type ToolCallView } from './tool-parts.js';
import { FullResult } from './full-result.js';
import { describeInput, describeResult, mcpResultOf } from './tool-result.js';
import { cardStyle, preStyle } from './card-style.js';
import { OnDemandRules } from '../lazy/on-demand-rules.js';

export { cardStyle };

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


const labelStyle: CSSProperties = { fontWeight: 600, marginInlineEnd: 6 };
/** Disclosure rows: at least 24 px tall (WCAG 2.2 target size). */
export const summaryStyle: CSSProperties = { cursor: 'pointer', width: 'fit-content', maxWidth: '100%', minHeight: 24, lineHeight: '24px' };

type ChainStatus = 'loading' | 'success' | 'error' | 'abort';

export function statusOf(call: ToolCallView): ChainStatus {
  switch (call.state) {
    case 'output-available':
      return call.preliminary ? 'loading' : mcpResultOf(call.output)?.isError ? 'error' : 'success';
    case 'output-error':
      return 'error';
    case 'output-denied':
      return 'abort';
    default:
      return 'loading';
  }
}

/** "Show full result" / "Hide full result" over a native disclosure (keyboard operable, announces its state). */
function ResultDisclosure({ output }: { output: unknown }) {
  const { strings } = useAgentUIConfig();
  const [open, setOpen] = useState(false);
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary style={summaryStyle}>{open ? strings.hideFullResult : strings.showFullResult}</summary>
      {open ? <FullResult output={output} label={strings.toolResult} /> : null}
    </details>
  );
}

/**
 * A tool call: name and status (Ant Design X ThoughtChain item), its input, and a short human
 * summary of its result (an MCP result's text, a list's size, an object's first fields) with the
 * full result behind a disclosure.
 */
/** The card's title: what the call is doing or did. */
export function toolTitle(call: ToolCallView, strings: ReturnType<typeof useAgentUIConfig>['strings']): string {
  const status = statusOf(call);
  return status === 'success'
    ? strings.toolDone(call.toolName)
    : status === 'error'
      ? strings.toolError(call.toolName)
      : status === 'abort'
        ? strings.toolDenied(call.toolName)
        : strings.toolRunning(call.toolName);
}

export const ToolCard = memo(function ToolCard({ call, resultDisplay = 'summary', children }: ToolCardProps) {
  const { strings } = useAgentUIConfig();
  const { token } = theme.useToken();
  const status = statusOf(call);
  const title = toolTitle(call, strings);
  const description =
    call.state === 'output-error'
      ? call.errorText
      : call.state === 'output-denied'
        ? call.approval?.reason
        : call.state === 'output-available' && resultDisplay !== 'none'
          ? describeResult(call.output, strings.itemCount)
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
      <OnDemandRules />
      <ThoughtChain.Item variant="text" status={status} title={title} />
      {description ? (
        <div style={{ color: status === 'error' ? token.colorErrorText : token.colorTextSecondary, overflowWrap: 'anywhere' }} dir="auto" data-xagent-tool-summary="">
          {description}
        </div>
      ) : null}
      {call.input !== undefined ? (
        <details>
          <summary style={{ ...summaryStyle, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            <span style={labelStyle}>{strings.toolInput}</span>
            {/* Shown as the result is (key: value); the raw JSON is one click away. */}
            <span dir="auto" data-xagent-tool-input="">{describeInput(call.input, strings.itemCount)}</span>
          </summary>
          <pre dir="auto" style={preStyle} tabIndex={0}>{toDisplayJson(call.input, 20_000)}</pre>
        </details>
      ) : null}
      {call.state === 'output-available' && resultDisplay === 'summary' ? <ResultDisclosure output={call.output} /> : null}
      {call.state === 'output-available' && resultDisplay === 'full' ? <FullResult output={call.output} label={strings.toolResult} /> : null}
      {children}
    </div>
  );
},
(prev, next) => prev.resultDisplay === next.resultDisplay && prev.children === next.children && sameToolCall(prev.call, next.call));
