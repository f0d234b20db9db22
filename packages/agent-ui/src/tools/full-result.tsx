'use client';
import type { CSSProperties } from 'react';
import { toDisplayJson } from './format.js';
import { McpContent } from './mcp-content.js';
import { mcpResultOf } from './tool-result.js';

/** A tool card's scrolling box for JSON (input and result). */
export const preStyle: CSSProperties = {
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

/** Props of {@link FullResult}. */
export interface FullResultProps {
  output: unknown;
  /** Accessible name of the result region. */
  label: string;
}

/** The full result: an MCP result as its content (text, images, resources), anything else as JSON. */
export function FullResult({ output, label }: FullResultProps) {
  const mcp = mcpResultOf(output);
  if (mcp) {
    return (
      <div style={{ ...preStyle, whiteSpace: undefined, fontSize: undefined }} role="group" aria-label={label} tabIndex={0}>
        <McpContent result={mcp} />
      </div>
    );
  }
  return (
    <pre style={preStyle} aria-label={label} tabIndex={0}>
      {toDisplayJson(output, 100_000)}
    </pre>
  );
}
