'use client';
import type { ReactNode } from 'react';
import { useAgentUIConfig } from '../config.js';
import { ErrorBoundary } from '../message-content/part-boundary.js';

function FailedNotice() {
  const { strings } = useAgentUIConfig();
  return (
    <div role="note" data-xagent-message-error="" style={{ fontStyle: 'italic' }}>
      {strings.messageFailed}
    </div>
  );
}

/**
 * Renders one message's content in its own error boundary: what throws outside the message's parts
 * (each part has its own `PartBoundary`: "This part could not be shown") shows "This message could
 * not be shown" in its place, and the transcript, the other messages and the composer keep working.
 * Rendering is retried when the message changes.
 */
export function MessageBoundary({ resetKey, children }: { resetKey: unknown; children: ReactNode }) {
  return (
    <ErrorBoundary resetKeys={[resetKey]} fallback={() => <FailedNotice />}>
      {children}
    </ErrorBoundary>
  );
}
