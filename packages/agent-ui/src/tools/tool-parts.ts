import type { AgentUIMessagePart } from '@x/agent-protocol';

/** The states a tool call goes through in a UI message (AI SDK 7). */
export type ToolCallState =
  | 'input-streaming'
  | 'input-available'
  | 'approval-requested'
  | 'approval-responded'
  | 'output-available'
  | 'output-error'
  | 'output-denied';

/** A tool part of a message, flattened for rendering (static and dynamic/MCP tools alike). */
export interface ToolCallView {
  toolCallId: string;
  toolName: string;
  state: ToolCallState;
  input: unknown;
  output?: unknown;
  errorText?: string;
  /** Present once the server asked for approval. */
  approval?: {
    id: string;
    approved?: boolean;
    reason?: string;
    requestReason?: string;
    /** The input the model proposed, when the approver changed it (`input` is what was approved). */
    originalInput?: unknown;
  };
  /** Whether the output is preliminary (the tool is still producing it). */
  preliminary?: boolean;
}

/** The tool call view of `part`, or `undefined` when `part` is not a tool call. */
export function toolCallOf(part: AgentUIMessagePart): ToolCallView | undefined {
  const type = part.type;
  let toolName: string;
  if (type === 'dynamic-tool') toolName = (part as { toolName?: string }).toolName ?? 'tool';
  else if (type.startsWith('tool-')) toolName = type.slice('tool-'.length);
  else return undefined;
  const p = part as {
    toolCallId: string;
    state: ToolCallState;
    input?: unknown;
    output?: unknown;
    errorText?: string;
    approval?: ToolCallView['approval'];
    preliminary?: boolean;
  };
  return {
    toolCallId: p.toolCallId,
    toolName,
    state: p.state,
    input: p.input,
    ...(p.output !== undefined ? { output: p.output } : {}),
    ...(p.errorText !== undefined ? { errorText: p.errorText } : {}),
    ...(p.approval ? { approval: p.approval } : {}),
    ...(p.preliminary ? { preliminary: true } : {}),
  };
}

/**
 * Whether two views of the same tool call render the same. Messages are cloned on every streamed
 * update, so identity says nothing; a call's input is final once it leaves `input-streaming` and
 * its output once it is no longer preliminary, so comparing the state fields is enough.
 */
export function sameToolCall(a: ToolCallView, b: ToolCallView): boolean {
  if (a === b) return true;
  if (a.toolCallId !== b.toolCallId || a.toolName !== b.toolName || a.state !== b.state) return false;
  if (a.state === 'input-streaming' || a.preliminary || b.preliminary) return false;
  return (
    a.errorText === b.errorText &&
    a.approval?.id === b.approval?.id &&
    a.approval?.approved === b.approval?.approved &&
    a.approval?.reason === b.approval?.reason
  );
}

/** Whether two lists of tool parts render the same ({@link sameToolCall} part by part). */
export function sameToolParts(a: readonly AgentUIMessagePart[], b: readonly AgentUIMessagePart[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((part, index) => {
    const other = b[index]!;
    if (part === other) return true;
    const x = toolCallOf(part);
    const y = toolCallOf(other);
    return x !== undefined && y !== undefined && sameToolCall(x, y);
  });
}
