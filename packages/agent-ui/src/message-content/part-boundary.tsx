'use client';
import { Component, type ReactNode } from 'react';
import { useAgentUIConfig } from '../config.js';

/** At most this many characters of a thrown error's message are shown (never its stack). */
const MAX_ERROR_TEXT = 200;

interface ErrorBoundaryProps {
  /** Rendering is retried when one of these changes (compared one by one with `Object.is`). */
  resetKeys: readonly unknown[];
  /** What shows in place of the children after they threw. */
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: { value: unknown } | undefined;
  resetKeys: readonly unknown[];
}

const sameKeys = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((key, i) => Object.is(key, b[i]));

/**
 * Catches a render error of its children so that what is around them keeps working; renders them
 * again once a reset key changes (a streaming part that threw at one update may render at the next).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, resetKeys: this.props.resetKeys };
  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: { value: error } };
  }
  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    return sameKeys(props.resetKeys, state.resetKeys) ? null : { error: undefined, resetKeys: props.resetKeys };
  }
  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error.value) : this.props.children;
  }
}

/** The message of a thrown value as one short line of text (no stack). */
export function errorText(error: unknown): string {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const line = raw.slice(0, MAX_ERROR_TEXT * 2).replace(/\s+/g, ' ').trim();
  return line.length > MAX_ERROR_TEXT ? `${line.slice(0, MAX_ERROR_TEXT - 1)}…` : line;
}

function PartFailed({ error }: { error: unknown }) {
  const { strings } = useAgentUIConfig();
  const detail = errorText(error);
  return (
    <div role="note" data-xagent-part-error="" style={{ fontStyle: 'italic', opacity: 0.8, marginBlock: 4 }}>
      {strings.partFailed}
      {detail ? <span style={{ fontStyle: 'normal', overflowWrap: 'anywhere' }}> {detail}</span> : null}
    </div>
  );
}

/** Props of {@link PartBoundary}. */
export interface PartBoundaryProps {
  /** What the part renders from (its text, data, input and output): a change renders it again. */
  resetKeys: readonly unknown[];
  children: ReactNode;
}

/**
 * One part of a message (markdown, a tool card or the app's tool renderer, a data part or the app's
 * renderer, an A2UI surface, an MCP App) in its own error boundary: a part that throws shows "This
 * part could not be shown" with the error's message in its place, and the other parts, messages and
 * the composer keep working.
 */
export function PartBoundary({ resetKeys, children }: PartBoundaryProps) {
  return (
    <ErrorBoundary resetKeys={resetKeys} fallback={(error) => <PartFailed error={error} />}>
      {children}
    </ErrorBoundary>
  );
}
