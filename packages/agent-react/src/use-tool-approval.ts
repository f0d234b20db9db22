'use client';
import type { AgentUIMessage } from '@x/agent-protocol';
import type { UITools } from 'ai';
import { useCallback, useRef } from 'react';
import { type UseAgentChatResult, type AgentChatSnapshot, pendingApprovals, type PendingApproval } from '@x/agent-core';
import { publishedApprovals } from './published-approvals.js';
import { useAgentChatSelector } from './selectors.js';

export { pendingApprovals, type PendingApproval };

export interface ToolApproval {
  /** The unanswered approvals the reply is waiting for (those of the last message), oldest first. */
  pending: readonly PendingApproval[];
  /**
   * Approvals left unanswered in earlier messages (the user sent a new message instead): answering
   * them would run nothing, so show them as expired rather than with Approve/Reject buttons.
   */
  expired: readonly PendingApproval[];
  /**
   * Approves a call; the chat resends once every pending approval is answered. With `input`, the
   * call runs with that input instead of the proposed one (approval with edits: the server checks
   * it against the tool's input schema).
   */
  approve(approvalId: string, reason?: string, input?: unknown): Promise<void>;
  /** Denies a call (the model is told, with the reason); resends once all are answered. */
  deny(approvalId: string, reason?: string): Promise<void>;
}

const samePending = (a: readonly PendingApproval[], b: readonly PendingApproval[]) =>
  a.length === b.length && a.every((p, i) => p.approvalId === b[i]!.approvalId && p.input === b[i]!.input);

/**
 * Pending tool approvals of a chat with approve/deny. Each approval is answered at most once
 * (repeated clicks are ignored); the chat resends exactly once, after the last pending one.
 */
export function useToolApproval<TOOLS extends UITools>(chat: Pick<UseAgentChatResult<TOOLS>, 'store' | 'addToolApprovalResponse'>): ToolApproval {
  const all = useAgentChatSelector(
    chat,
    (s: AgentChatSnapshot<AgentUIMessage<TOOLS>>) => publishedApprovals(s.messages as readonly AgentUIMessage[]),
    samePending,
  );
  const lastId = useAgentChatSelector(chat, (s: AgentChatSnapshot<AgentUIMessage<TOOLS>>) => s.messages.at(-1)?.id);
  const pending = all.filter((p) => p.messageId === lastId);
  const expired = all.filter((p) => p.messageId !== lastId);
  const answered = useRef(new Set<string>());
  const answer = chat.addToolApprovalResponse;
  const respond = useCallback(
    async (approvalId: string, approved: boolean, reason?: string, input?: unknown) => {
      if (answered.current.has(approvalId)) return;
      answered.current.add(approvalId);
      await answer({ id: approvalId, approved, ...(reason !== undefined ? { reason } : {}), ...(input !== undefined ? { input } : {}) });
    },
    [answer],
  );
  const approve = useCallback((id: string, reason?: string, input?: unknown) => respond(id, true, reason, input), [respond]);
  const deny = useCallback((id: string, reason?: string) => respond(id, false, reason), [respond]);
  return { pending, expired, approve, deny };
}
