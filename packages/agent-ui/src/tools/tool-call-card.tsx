'use client';
import { ApprovalVerdict } from './approval-card.js';
import { ToolCard, type ToolResultDisplay } from './tool-card.js';
import type { ToolCallView } from './tool-parts.js';

/** Props of {@link ToolCallCard}. */
export interface ToolCallCardProps {
  call: ToolCallView;
  resultDisplay: ToolResultDisplay;
  /** The user approved or rejected the call: the card keeps the answer. */
  answered: boolean;
}

/** A tool call of a message on the kit's card, with the user's answer when it needed approval. */
export function ToolCallCard({ call, resultDisplay, answered }: ToolCallCardProps) {
  return (
    <ToolCard call={call} resultDisplay={resultDisplay}>
      {answered ? <ApprovalVerdict approval={call.approval} /> : undefined}
    </ToolCard>
  );
}
