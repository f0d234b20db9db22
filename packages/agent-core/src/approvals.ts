import type { AgentUIMessage } from '@x/agent-protocol';
import { getToolName, isToolUIPart } from './engine/tool-parts.js';

/** A tool call waiting for the user's approval. */
export interface PendingApproval {
  /** Pass to `approve`/`deny`. */
  approvalId: string;
  toolCallId: string;
  toolName: string;
  input: unknown;
  /** True for dynamic (e.g. MCP) tools. */
  dynamic: boolean;
  /** The assistant message holding the call. */
  messageId: string;
  /** Why the server asks, when it says. */
  requestReason: string | undefined;
}

/** Collects the unanswered approvals of a whole transcript (static and dynamic tools). */
export function pendingApprovals(messages: readonly AgentUIMessage[]): PendingApproval[] {
  const out: PendingApproval[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.parts) {
      if (!isToolUIPart(part) || part.state !== 'approval-requested' || part.approval.isAutomatic) continue;
      out.push({
        approvalId: part.approval.id,
        toolCallId: part.toolCallId,
        toolName: getToolName(part),
        input: part.input,
        dynamic: part.type === 'dynamic-tool',
        messageId: message.id,
        requestReason: part.approval.requestReason,
      });
    }
  }
  return out;
}
