'use client';
import { toDisplayJson } from './format.js';
import { McpContent } from './mcp-content.js';
import { mcpResultOf } from './tool-result.js';
import { preStyle } from './card-style.js';

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
    <pre dir="auto" style={preStyle} aria-label={label} tabIndex={0}>
      {toDisplayJson(output, 100_000)}
    </pre>
  );
}
