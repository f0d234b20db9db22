import { asSchema, type Tool } from 'ai';
import { APPROVAL_ORIGINAL_INPUT_KEY, type AgentRequestBody } from '@x/agent-protocol';
import type { Logger } from '../config/types.js';
import { signingSecrets, type SigningSecret } from '../security/signer.js';
import { approvalDecision } from './approval-decision.js';
import { approvalKeyIndex, signApproval, verifyApproval } from './approval-signature.js';

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
  secret: SigningSecret | undefined,
  logger: Logger,
): Promise<AgentRequestBody['messages']> {
  // With rotated secrets, an approval signed under an older one is re-signed under the current one
  // (the AI SDK checks with the current secret only), so a pending approval survives a key roll.
  const rotated = secret !== undefined && signingSecrets(secret).length > 1 ? secret : undefined;
  const touches = (message: RawMessage) => hasEdit(message) || (rotated !== undefined && hasApproval(message));
  if (!messages.some(touches)) return messages;
  return Promise.all(
    messages.map(async (message): Promise<RawMessage> => {
      if (!touches(message)) return message;
      const parts = await Promise.all(
        (message.parts as RawPart[]).map((part) => (editOf(part) ? applyEdit(part, tools, secret, logger) : rotated ? resignRotated(part, rotated) : part)),
      );
      return { ...message, parts };
    }),
  );
}

const toolNameOf = (part: RawPart): unknown => (part.type === 'dynamic-tool' ? part.toolName : part.type.startsWith('tool-') ? part.type.slice(5) : undefined);

function hasApproval(message: RawMessage): boolean {
  return message.role === 'assistant' && (message.parts as RawPart[] | undefined)?.some((part) => part.state === 'approval-responded') === true;
}

/** The tool part's signed call (ids and name), when it has all of them. */
function signedCallOf(part: RawPart, approval: Record<string, unknown>): { approvalId: string; toolCallId: string; toolName: string } | undefined {
  const toolName = toolNameOf(part);
  const { id: approvalId } = approval;
  const { toolCallId } = part;
  if (typeof approvalId !== 'string' || typeof toolCallId !== 'string' || typeof toolName !== 'string') return undefined;
  return { approvalId, toolCallId, toolName };
}

/** An approved part whose signature an older secret made, signed anew under the current one; any other part as it is. */
async function resignRotated(part: RawPart, secret: SigningSecret): Promise<RawPart> {
  const approval = part.state === 'approval-responded' ? part.approval : undefined;
  if (typeof approval !== 'object' || approval === null) return part;
  const record = approval as Record<string, unknown>;
  const signed = signedCallOf(part, record);
  if (!approvalDecision({ approved: record.approved === true }).run || typeof record.signature !== 'string' || !signed) return part;
  const call = { ...signed, input: part.input };
  if ((await approvalKeyIndex(secret, record.signature, call)) <= 0) return part;
  return { ...part, approval: { ...record, signature: await signApproval(secret, call) } };
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

async function applyEdit(part: RawPart, tools: Record<string, Tool>, secret: SigningSecret | undefined, logger: Logger): Promise<RawPart> {
  const edit = editOf(part);
  if (!edit) return part;
  const { [APPROVAL_ORIGINAL_INPUT_KEY]: _original, ...approval } = edit.approval;
  // The answer was checked against the protocol's schema already (openTurn / server-history): the one decision says whether it runs.
  if (!approvalDecision({ approved: approval.approved === true }).run) return { ...part, approval };
  const toolName = toolNameOf(part);
  const problem = typeof toolName === 'string' && Object.hasOwn(tools, toolName) ? await schemaProblem(tools[toolName], part.input) : undefined;
  if (problem !== undefined) {
    // The proposed call, denied with the reason: nothing runs and the model learns why.
    const reason = `The approver's edited input is not valid for this tool, so it was not run: ${problem}`;
    return { ...part, input: edit.originalInput, approval: { ...approval, approved: false, reason } };
  }
  if (secret === undefined) return { ...part, approval };
  const signed = signedCallOf(part, approval);
  if (!signed || typeof approval.signature !== 'string') return { ...part, approval };
  if (!(await verifyApproval(secret, approval.signature, { ...signed, input: edit.originalInput }))) {
    // Left as sent: the AI SDK's own check refuses it (the signature does not cover the edited input).
    logger.warn('an edited approval does not carry the server signature of the proposed call; it is refused', { toolCallId: signed.toolCallId });
    return { ...part, approval };
  }
  return { ...part, approval: { ...approval, signature: await signApproval(secret, { ...signed, input: part.input }) } };
}
