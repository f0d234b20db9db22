'use client';
import { LoadingOutlined, RightOutlined } from '@ant-design/icons';
import type { AgentUIMessagePart } from '@x/agent-react';
import { theme } from 'antd';
import { memo, useId, useState, type CSSProperties } from 'react';
import { useAgentUIConfig } from '../config.js';
import { cardStyle, statusOf, ToolCard, type ToolResultDisplay } from './tool-card.js';
import { sameToolParts, toolCallOf, type ToolCallView } from './tool-parts.js';

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
        <RightOutlined aria-hidden="true" rotate={open ? 90 : 0} style={{ fontSize: token.fontSizeSM }} />
        <span>{label}</span>
        {icon}
        {failed && !running ? <span style={{ color: token.colorErrorText }}>{`(${failed})`}</span> : null}
      </button>
      <div id={listId} hidden={!open}>
        {open ? calls.map((call) => <ToolCard key={call.toolCallId} call={call} resultDisplay={resultDisplay} />) : null}
      </div>
    </div>
  );
}, (prev, next) => prev.resultDisplay === next.resultDisplay && sameToolParts(prev.parts, next.parts));
