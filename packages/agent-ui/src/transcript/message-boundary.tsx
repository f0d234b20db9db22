'use client';
import { Component, type ReactNode } from 'react';
import { useAgentUIConfig } from '../config.js';

interface BoundaryProps {
  /** Rendering is retried when this changes (a message is a new object after each update). */
  resetKey: unknown;
  fallback: ReactNode;
  children: ReactNode;
}

/** Catches a render error of one message so that the rest of the chat keeps working. */
class Boundary extends Component<BoundaryProps, { failed: boolean; resetKey: unknown }> {
  override state = { failed: false, resetKey: this.props.resetKey };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; resetKey: unknown }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }
  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function FailedNotice() {
  const { strings } = useAgentUIConfig();
  return (
    <div role="note" data-xagent-message-error="" style={{ fontStyle: 'italic' }}>
      {strings.messageFailed}
    </div>
  );
}

/**
 * Renders one message's content in its own error boundary: a part that throws (malformed data, a
 * custom renderer's bug) shows "This message could not be shown" in its place, and the transcript,
 * the other messages and the composer keep working. Rendering is retried when the message changes.
 */
export function MessageBoundary({ resetKey, children }: { resetKey: unknown; children: ReactNode }) {
  return (
    <Boundary resetKey={resetKey} fallback={<FailedNotice />}>
      {children}
    </Boundary>
  );
}
