import type { UIMessage } from 'ai';
import type { Message, RunAgentInput } from '@ag-ui/core';
import { UPDATE_PAGE_STATE_TOOL, type AgentRequestBody, type WireUIMessage } from '@x/agent-protocol';
import { sharedStateSchema } from '@x/agent-protocol/validation';
import { HttpError } from '../http/error-response.js';
import { answeredFields, interruptDecision } from '../tools/approval-decision.js';
import type { MessageRecord } from '../store/types.js';
import { pageStateDelta } from './turn-to-ag-ui.js';

/** The run's shared state: AG-UI's `state` when it is a non-empty object (checked like our `sharedState`). */
export function sharedStateOf(input: RunAgentInput): Record<string, unknown> | undefined {
  const state: unknown = input.state;
  if (typeof state !== 'object' || state === null || Array.isArray(state) || Object.keys(state).length === 0) return undefined;
  const result = sharedStateSchema.safeParse(state);
  if (!result.success) throw new HttpError('invalid_body', 'The AG-UI state is not a usable shared state.', [{ path: 'state', message: result.error.issues[0]?.message ?? 'invalid' }]);
  return result.data;
}

const textOf = (message: Message): string => {
  const content = (message as { content?: unknown }).content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part: { type?: unknown; text?: unknown }) => (part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('');
};

const userMessage = (message: Message): WireUIMessage => ({ id: message.id, role: 'user', parts: [{ type: 'text', text: textOf(message) }] });

/**
 * Without a store the AG-UI history is the history: user text, assistant text and tool calls with
 * their results (tool messages) become UI messages; the runtime validates them against the tools.
 */
export function statelessMessages(input: RunAgentInput, state: Record<string, unknown> | undefined): WireUIMessage[] {
  const results = new Map<string, string>();
  for (const message of input.messages) if (message.role === 'tool') results.set(message.toolCallId, textOf(message));
  const out: WireUIMessage[] = [];
  for (const message of input.messages) {
    if (message.role === 'user') out.push(userMessage(message));
    if (message.role !== 'assistant') continue;
    const parts: Record<string, unknown>[] = [];
    const text = textOf(message);
    if (text) parts.push({ type: 'text', text });
    for (const call of message.toolCalls ?? []) {
      const input = parseJson(call.function.arguments);
      // The client applied an update-page-state call's STATE_DELTA: its answer is the state it now holds.
      const result = results.get(call.id) ?? (call.function.name === UPDATE_PAGE_STATE_TOOL ? JSON.stringify(pageStateAnswer(state, input)) : undefined);
      parts.push(
        result === undefined
          ? { type: `tool-${call.function.name}`, toolCallId: call.id, state: 'input-available', input }
          : { type: `tool-${call.function.name}`, toolCallId: call.id, state: 'output-available', input, output: parseJson(result) },
      );
    }
    if (parts.length > 0) out.push({ id: message.id, role: 'assistant', parts: parts as WireUIMessage['parts'] });
  }
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The page's answer to an `update-page-state` call whose STATE_DELTA the AG-UI client applied. */
const pageStateAnswer = (state: Record<string, unknown> | undefined, input: unknown) => ({
  ok: true,
  written: pageStateDelta(state ?? {}, input).map((op) => op.path.slice(1).replace(/~1/g, '/').replace(/~0/g, '~')),
});

type ToolPart = { type: string; toolCallId: string; state: string; input?: unknown; approval?: { id?: string } };
const isToolPart = (part: UIMessage['parts'][number]): part is UIMessage['parts'][number] & ToolPart =>
  part.type.startsWith('tool-') || part.type === 'dynamic-tool';

/**
 * With a store the stored thread is the history (server-owned history, ARCHITECTURE §7): the request
 * adds at most a new last user message, answers the stored reply's approvals (`resume`), outputs of
 * its pending client tools (AG-UI tool messages), and the page's answer to `update-page-state` (the
 * state it now holds). A user message under a stored id must match it and an unknown one must be the
 * last (else 409, nothing written); a message claiming a stored id with another role is refused too.
 * The client's copies of replies (assistant, tool, reasoning messages, under ids it may have made up)
 * never reach the model: the stored copy wins.
 */
export function storedTurnMessages(input: RunAgentInput, stored: MessageRecord[], state: Record<string, unknown> | undefined): WireUIMessage[] {
  const byId = new Map(stored.map((m) => [m.id, m]));
  const last = input.messages.at(-1);
  const out: WireUIMessage[] = [];
  for (const message of input.messages) {
    const record = byId.get(message.id);
    if (record && record.role !== (message.role === 'user' ? 'user' : 'assistant')) {
      throw new HttpError('history_mismatch', `Message ${message.id.slice(0, 64)} differs from the stored one.`);
    }
    if (message.role !== 'user') continue;
    if (record) {
      if (!sameText(record, textOf(message))) throw new HttpError('history_mismatch', `Message ${message.id.slice(0, 64)} differs from the stored one.`);
      continue;
    }
    if (message !== last) throw new HttpError('history_mismatch', 'The request has a message the conversation does not have.');
    out.push(userMessage(message));
  }
  const answered = answeredReply(input, stored, state);
  return answered ? [answered, ...out] : out;
}

const sameText = (record: MessageRecord, text: string) =>
  record.parts.map((p) => (p.type === 'text' ? (p as { text: string }).text : '')).join('') === text;

/** The stored last reply with the request's answers, or undefined when it answers nothing. */
function answeredReply(input: RunAgentInput, stored: MessageRecord[], state: Record<string, unknown> | undefined): WireUIMessage | undefined {
  const reply = stored.at(-1);
  const resume = input.resume ?? [];
  const outputs = new Map<string, string>();
  for (const message of input.messages) if (message.role === 'tool') outputs.set(message.toolCallId, textOf(message));
  if (!reply || reply.role !== 'assistant') {
    if (resume.length > 0) throw new HttpError('approval_not_pending', 'The request answers an approval that is not pending.');
    return undefined;
  }
  let changed = false;
  const answeredIds = new Set<string>();
  const parts = reply.parts.map((part) => {
    if (!isToolPart(part)) return part;
    const entry = resume.find((r) => r.interruptId === part.approval?.id);
    if (entry && part.state === 'approval-requested') {
      answeredIds.add(entry.interruptId);
      changed = true;
      // The one approval decision: a payload off its schema is a 400 (thrown before anything is written).
      const decision = interruptDecision(entry, `resume.${resume.indexOf(entry)}`);
      return { ...part, state: 'approval-responded', approval: { ...part.approval, ...answeredFields(decision) } };
    }
    if (part.state !== 'input-available') return part;
    const toolName = part.type === 'dynamic-tool' ? (part as { toolName?: string }).toolName : part.type.slice(5);
    if (toolName === UPDATE_PAGE_STATE_TOOL) {
      // The AG-UI client applied the STATE_DELTA to its state: the page's answer is what it now holds.
      changed = true;
      return { ...part, state: 'output-available', output: pageStateAnswer(state, part.input) };
    }
    const output = outputs.get(part.toolCallId);
    if (output === undefined) return part;
    changed = true;
    return { ...part, state: 'output-available', output: parseJson(output) };
  });
  const unknown = resume.find((r) => !answeredIds.has(r.interruptId));
  if (unknown) throw new HttpError('approval_not_pending', `The request answers an approval that is not pending (${unknown.interruptId.slice(0, 64)}).`);
  return changed ? ({ id: reply.id, role: 'assistant', parts: parts as WireUIMessage['parts'], metadata: reply.metadata } as WireUIMessage) : undefined;
}

/** The body of our own route for an AG-UI run. */
export function turnBodyOf(messages: WireUIMessage[], state: Record<string, unknown> | undefined, conversationId: string | undefined): AgentRequestBody {
  return { messages, ...(state ? { sharedState: state } : {}), ...(conversationId ? { conversationId } : {}) };
}
