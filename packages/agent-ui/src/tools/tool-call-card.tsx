'use client';
import { isRemoteAgentProgress } from '@x/agent-protocol/remote-agents';
import { ApprovalVerdict } from './approval-card.js';
import { RemoteAgentRun } from './remote-agent-run.js';
import { ToolCard, type ToolResultDisplay } from './tool-card.js';
import type { ToolCallView } from './tool-parts.js';

/** Props of {@link ToolCallCard}. */
export interface ToolCallCardProps {
  call: ToolCallView;
  resultDisplay: ToolResultDisplay;
  /** The user approved or rejected the call: the card keeps the answer. */
  answered: boolean;
}

/**
 * A tool call of a message on the kit's card, with the user's answer when it needed approval, and
 * a remote A2A agent's nested run (its status, text and question) when the call is one.
 */
export function ToolCallCard({ call, resultDisplay, answered }: ToolCallCardProps) {
  const remote = call.state === 'output-available' && isRemoteAgentProgress(call.output) ? call.output : undefined;
  return (
    <ToolCard call={call} resultDisplay={remote ? 'none' : resultDisplay}>
      {answered ? <ApprovalVerdict approval={call.approval} /> : undefined}
      {remote ? <RemoteAgentRun toolCallId={call.toolCallId} progress={remote} preliminary={call.preliminary === true} /> : undefined}
    </ToolCard>
  );
}
