import { asSchema, type Tool } from 'ai';
import { APPROVAL_ORIGINAL_INPUT_KEY, type AgentRequestBody } from '@x/agent-protocol';
import type { Logger } from '../config/types.js';
import { signApproval, verifyApproval } from './approval-signature.js';

type RawMessage = AgentRequestBody['messages'][number];
type RawPart = Record<string, unknown> & { type: string };

/**
 * Applies approvers' edits (`@x/agent-protocol` `answerToolApproval`) to the raw messages of a
 * request, before they are validated: for each approved `approval-responded` tool part with
 * `approval.originalInput`, the server's signature is checked against the proposed input and,
 * when it holds, the edited `input` is validated against the tool's input schema and signed in
 * its place — so the AI SDK runs the edited input, and a forged or swapped approval still fails
 * its check. An edit the schema refuses is turned into a denial of the proposed call whose reason
 * names the problem: the tool does not run, the model reads why, the UI shows it denied. Without `approvalSecret` nothing is signed
 * (approvals are unsigned then; the server warns about that at startup). Messages without edits
 * are returned as they are.
 */
export async function applyApprovalEdits(
  messages: AgentRequestBody['messages'],
  tools: Record<string, Tool>,
  secret: string | undefined,
  logger: Logger,
): Promise<AgentRequestBody['messages']> {
  if (!messages.some(hasEdit)) return messages;
  return Promise.all(
    messages.map(async (message): Promise<RawMessage> => {
      if (!hasEdit(message)) return message;
      const parts = await Promise.all((message.parts as RawPart[]).map((part) => applyEdit(part, tools, secret, logger)));
      return { ...message, parts };
    }),
  );
}

function hasEdit(message: RawMessage): boolean {
  return message.role === 'assistant' && (message.parts as RawPart[] | undefined)?.some((part) => editOf(part) !== undefined) === true;
}

function editOf(part: RawPart): { approval: Record<string, unknown>; originalInput: unknown } | undefined {
  if (part.state !== 'approval-responded') return undefined;
  const approval = part.approval;
  if (typeof approval !== 'object' || approval === null || !Object.hasOwn(approval, APPROVAL_ORIGINAL_INPUT_KEY)) return undefined;
  return { approval: approval as Record<string, unknown>, originalInput: (approval as Record<string, unknown>)[APPROVAL_ORIGINAL_INPUT_KEY] };
}

/** Why the tool's input schema refuses `input`, or `undefined` when it accepts it (or has no validator). */
async function schemaProblem(tool: Tool | undefined, input: unknown): Promise<string | undefined> {
  const validate = tool?.inputSchema ? asSchema(tool.inputSchema).validate : undefined;
  if (!validate) return undefined;
  const result = await validate(input);
  return result.success ? undefined : result.error.message;
}

async function applyEdit(part: RawPart, tools: Record<string, Tool>, secret: string | undefined, logger: Logger): Promise<RawPart> {
  const edit = editOf(part);
  if (!edit) return part;
  const { [APPROVAL_ORIGINAL_INPUT_KEY]: _original, ...approval } = edit.approval;
  if (approval.approved !== true) return { ...part, approval };
  const toolName = part.type === 'dynamic-tool' ? part.toolName : part.type.startsWith('tool-') ? part.type.slice(5) : undefined;
  const problem = typeof toolName === 'string' && Object.hasOwn(tools, toolName) ? await schemaProblem(tools[toolName], part.input) : undefined;
  if (problem !== undefined) {
    // The proposed call, denied with the reason: nothing runs and the model learns why.
    const reason = `The approver's edited input is not valid for this tool, so it was not run: ${problem}`;
    return { ...part, input: edit.originalInput, approval: { ...approval, approved: false, reason } };
  }
  if (secret === undefined) return { ...part, approval };
  const call = { approvalId: approval.id, toolCallId: part.toolCallId, toolName };
  if (typeof call.approvalId !== 'string' || typeof call.toolCallId !== 'string' || typeof call.toolName !== 'string' || typeof approval.signature !== 'string') {
    return { ...part, approval };
  }
  const signed = { approvalId: call.approvalId, toolCallId: call.toolCallId, toolName: call.toolName };
  if (!(await verifyApproval(secret, approval.signature, { ...signed, input: edit.originalInput }))) {
    // Left as sent: the AI SDK's own check refuses it (the signature does not cover the edited input).
    logger.warn('an edited approval does not carry the server signature of the proposed call; it is refused', { toolCallId: call.toolCallId });
    return { ...part, approval };
  }
  return { ...part, approval: { ...approval, signature: await signApproval(secret, { ...signed, input: part.input }) } };
}
