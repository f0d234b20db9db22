import type { CSSProperties } from 'react';

// The tool cards' boxes, shared by the first load (data parts, stand-ins) and the on-demand cards.

/** A card: a tool call, an approval, a data part. */
export const cardStyle: CSSProperties = {
  background: 'var(--xagent-card-bg)',
  border: '1px solid var(--xagent-card-border)',
  borderRadius: 'var(--xagent-card-radius)',
  padding: '8px 12px',
  margin: '4px 0',
  maxWidth: '100%',
  overflow: 'hidden',
};

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
