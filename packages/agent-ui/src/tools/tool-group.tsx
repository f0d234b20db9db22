'use client';
import { LoadingOutlined, RightOutlined } from '@ant-design/icons';
import type { AgentUIMessagePart } from '@x/agent-protocol';
import { theme } from 'antd';
import { memo, useId, useState, type CSSProperties } from 'react';
import { visuallyHidden } from '../a11y/visually-hidden.js';
import { useAgentUIConfig } from '../config.js';
import { cardStyle, statusOf, summaryStyle, ToolCard, toolTitle, type ToolResultDisplay } from './tool-card.js';
import { describeInput, describeResult } from './tool-result.js';
import { sameToolParts, toolCallOf, type ToolCallView } from './tool-parts.js';
import { useMirrorInRtl } from '../direction.js';

/** Props of {@link ToolGroup}. */
export interface ToolGroupProps {
  /** Consecutive tool parts of one message (two or more), rendered by the kit's own cards. */
  parts: readonly AgentUIMessagePart[];
  resultDisplay?: ToolResultDisplay;
}

const toggleStyle: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  minHeight: 24,
  padding: '2px 4px',
  margin: 0,
  border: 0,
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  textAlign: 'start',
  maxWidth: '100%',
};

/**
 * Consecutive tool calls of one reply as one line — "Used lookupOrder 20 times ✓", or "Used
 * lookupOrder, refund and email" when they differ — that expands to their cards. While any call works the line says so
 * (spinner, `aria-busy`); a failed call shows a cross and its count.
 */
export const ToolGroup = memo(function ToolGroup({ parts, resultDisplay = 'summary' }: ToolGroupProps) {
  const { strings } = useAgentUIConfig();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const calls = parts.map(toolCallOf).filter((call): call is ToolCallView => call !== undefined);
  const names = [...new Set(calls.map((call) => call.toolName))];
  const statuses = calls.map(statusOf);
  const running = statuses.filter((status) => status === 'loading').length;
  const failed = statuses.filter((status) => status === 'error' || status === 'abort').length;
  const mirror = useMirrorInRtl();
  const label = running ? strings.toolsRunning(calls.length) : strings.toolsUsed(names, calls.length);
  // Glyphs rather than icons: nothing new in the first chunk.
  const icon = running ? (
    <LoadingOutlined aria-hidden="true" />
  ) : failed ? (
    <span aria-hidden="true" style={{ color: token.colorErrorText }}>✕</span>
  ) : (
    <span aria-hidden="true" style={{ color: token.colorSuccessText }}>✓</span>
  );
  return (
    <div style={{ ...cardStyle, padding: '2px 8px' }} data-xagent-tool-group={names.join(' ')} aria-busy={running ? true : undefined}>
      <button type="button" style={toggleStyle} aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
        <RightOutlined aria-hidden="true" rotate={open ? 90 : 0} style={{ fontSize: token.fontSizeSM, ...mirror }} />
        <span>{label}</span>
        {icon}
        {failed && !running ? <span style={{ color: token.colorErrorText }}>{`(${failed})`}</span> : null}
      </button>
      <div id={listId} hidden={!open}>
        {open ? (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {calls.map((call) => (
              <CompactToolRow key={call.toolCallId} call={call} resultDisplay={resultDisplay} />
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}, (prev, next) => prev.resultDisplay === next.resultDisplay && sameToolParts(prev.parts, next.parts));

/**
 * One call of an expanded group as one compact line — status, its input's fields, the result's
 * summary — that expands to the full card (input, raw JSON, full result).
 */
function CompactToolRow({ call, resultDisplay }: { call: ToolCallView; resultDisplay: ToolResultDisplay }) {
  const { strings } = useAgentUIConfig();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const status = statusOf(call);
  const mark = status === 'loading' ? <LoadingOutlined aria-hidden="true" /> : status === 'success' ? '✓' : '✕';
  const result = call.state === 'output-available' && resultDisplay !== 'none' ? describeResult(call.output, strings.itemCount, 60) : call.state === 'output-error' ? call.errorText : '';
  return (
    <li data-xagent-tool-row={call.toolName}>
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary style={{ ...summaryStyle, width: 'auto', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          <span aria-hidden="true" style={{ color: status === 'success' ? token.colorSuccessText : status === 'loading' ? undefined : token.colorErrorText, marginInlineEnd: 6 }}>
            {mark}
          </span>
          {/* The mark's meaning, for screen readers (the visible text stays in the name). */}
          <span style={visuallyHidden}>{`${toolTitle(call, strings)}: `}</span>
          <span style={{ fontWeight: 600, marginInlineEnd: 6 }}>{call.toolName}</span>
          <span>{describeInput(call.input, strings.itemCount, 60)}</span>
          {result ? <span style={{ color: token.colorTextSecondary }}>{` → ${result}`}</span> : null}
        </summary>
        {open ? <ToolCard call={call} resultDisplay={resultDisplay} /> : null}
      </details>
    </li>
  );
}
