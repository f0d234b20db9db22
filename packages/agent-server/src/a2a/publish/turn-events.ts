import { TaskState, type Message } from '@a2a-js/sdk';
import type { UIMessageChunk } from 'ai';
import { agentMessage } from './a2a-parts.js';
import { approvalsPrompt, type PendingApproval } from './task-approvals.js';

/**
 * Reads a turn's UI message stream for what A2A needs: the reply's text as it streams, and how the
 * turn ended (stopped, failed, waiting for an approval, completed).
 */
export class TurnEnd {
  private aborted = false;
  private errorText: string | undefined;
  private readonly calls = new Map<string, { toolName: string; input: unknown }>();
  private readonly waiting = new Map<string, PendingApproval>();

  /** The chunk's text to stream (a text delta), after noting what the chunk says about the turn's end. */
  read(chunk: UIMessageChunk): string | undefined {
    switch (chunk.type) {
      case 'text-delta':
        return chunk.delta;
      case 'error':
        this.errorText ??= chunk.errorText;
        return undefined;
      case 'abort':
        this.aborted = true;
        return undefined;
      case 'tool-input-available':
        this.calls.set(chunk.toolCallId, { toolName: chunk.toolName, input: chunk.input });
        return undefined;
      case 'tool-approval-request': {
        const call = this.calls.get(chunk.toolCallId);
        this.waiting.set(chunk.toolCallId, { approvalId: chunk.approvalId, toolCallId: chunk.toolCallId, toolName: call?.toolName ?? '', input: call?.input });
        return undefined;
      }
      case 'tool-output-available':
      case 'tool-output-error':
      case 'tool-output-denied':
        this.waiting.delete(chunk.toolCallId);
        return undefined;
      case 'message-metadata': {
        const meta = chunk.messageMetadata as { stopReason?: unknown; errorText?: unknown } | undefined;
        if (meta?.stopReason === 'stopped') this.aborted = true;
        if (meta?.stopReason === 'error' && typeof meta.errorText === 'string') this.errorText ??= meta.errorText;
        return undefined;
      }
      default:
        return undefined;
    }
  }

  /** The task's state when the turn ended (ARCHITECTURE "A2A: our agents published") and its status message. */
  final(taskId: string, contextId: string): { state: TaskState; message?: Message } {
    if (this.aborted) return { state: TaskState.TASK_STATE_CANCELED };
    if (this.errorText !== undefined) return { state: TaskState.TASK_STATE_FAILED, message: agentMessage(this.errorText, taskId, contextId) };
    if (this.waiting.size > 0) return { state: TaskState.TASK_STATE_INPUT_REQUIRED, message: approvalsPrompt([...this.waiting.values()], taskId, contextId) };
    return { state: TaskState.TASK_STATE_COMPLETED };
  }
}
