import type { LiveEvent, LiveTurnEnd } from '@x/agent-protocol/routes';
import type { BeginTurnInput, FinishTurnInput, MessageInput } from '../store/types.js';

type ToolPart = { state?: unknown; approval?: { id?: unknown } };

/** The `approval.id`s of the tool parts of `messages` in `state`. */
function approvalIdsIn(messages: readonly MessageInput[], state: 'approval-requested' | 'approval-responded'): string[] {
  const ids: string[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.parts as ToolPart[]) {
      if (part.state === state && typeof part.approval?.id === 'string') ids.push(part.approval.id);
    }
  }
  return ids;
}

/**
 * The approvals a turn answers: the tool parts its messages write in state `approval-responded`
 * (an approval continuation rewrites the waiting assistant message with the person's answers; the
 * answers of earlier continuations were run since and are in an output state).
 */
export const answeredApprovalIds = (input: BeginTurnInput): string[] => approvalIdsIn(input.messages, 'approval-responded');

/** The approvals a turn's reply ends waiting on (tool parts in `approval-requested`). */
export const waitingApprovalIds = (input: FinishTurnInput): string[] => (input.reply ? approvalIdsIn([input.reply], 'approval-requested') : []);

/** How a turn ended, as the live stream says it: a run given up as lost (`stale-run.ts`) is `interrupted`. */
export function turnEndOf(input: FinishTurnInput): LiveTurnEnd {
  return input.stopReason === 'interrupted' ? 'interrupted' : input.status;
}

/** The events that carry a conversation row (all but `conversation-deleted` and `reset`). */
export type ConversationEvent = Exclude<LiveEvent, { type: 'conversation-deleted' } | { type: 'reset' }>;
