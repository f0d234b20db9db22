import type { Tool, UIMessage } from 'ai';
import { APPROVAL_ORIGINAL_INPUT_KEY, type AgentRequestBody, type WireUIMessage } from '@x/agent-protocol';
import { AgentRequestError } from '../config/request-error.js';
import type { AnsweredApprovalFields } from '@x/agent-protocol/validation';
import { answeredFields, wireApprovalDecision, type ApprovalDecision } from '../tools/approval-decision.js';
import type { MessageInput, MessageRecord } from '../store/types.js';

/** The thread a turn runs on, and what it writes before the model is called. */
export interface ReconciledHistory {
  /** The whole thread sent to the model (stored messages plus what the request adds). */
  thread: UIMessage[];
  /**
   * The stored message the turn continues from (null: the root): the writes go under it, the reply
   * under the last of `thread`. A message that already has children gets a sibling — a new branch.
   */
  parentId: string | null;
  /** Messages to write (new user message, an answered assistant message). */
  writes: MessageInput[];
}

type Part = UIMessage['parts'][number];
type ToolPart = Part & { toolCallId: string; state: string; input?: unknown; approval?: { id?: unknown; approved?: unknown; reason?: unknown } };

/** Keys the server owns in `message.metadata`; a client cannot set them. */
const SERVER_METADATA_KEYS = ['feedback', 'stopReason', 'errorText'];

const mismatch = (message: string) => new AgentRequestError('history_mismatch', message);
const isToolPart = (part: Part): part is ToolPart => part.type.startsWith('tool-') || part.type === 'dynamic-tool';
const toolNameOf = (part: ToolPart): string => (part.type === 'dynamic-tool' ? String((part as { toolName?: unknown }).toolName) : part.type.slice(5));

/** JSON with sorted keys, without what differs harmlessly between a client's copy and the stored one. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) sorted[key] = (v as Record<string, unknown>)[key];
    return sorted;
  });
}

/** A part as compared: no provider metadata, no streaming state of text/reasoning. */
function comparable(part: Part): unknown {
  const { providerMetadata: _p, callProviderMetadata: _c, ...rest } = part as Part & { providerMetadata?: unknown; callProviderMetadata?: unknown };
  if (part.type === 'text' || part.type === 'reasoning') delete (rest as { state?: unknown }).state;
  return rest;
}

/** The parts that count: data parts are the server's annotations, never sent to the model. */
const modelParts = (parts: readonly Part[] | undefined): Part[] => (parts ?? []).filter((p) => !p.type.startsWith('data-'));
const sameParts = (a: readonly Part[] | undefined, b: readonly Part[] | undefined): boolean =>
  canonical(modelParts(a).map(comparable)) === canonical(modelParts(b).map(comparable));

function clientMetadata(metadata: unknown): Record<string, unknown> {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return {};
  return Object.fromEntries(Object.entries(metadata).filter(([key]) => !SERVER_METADATA_KEYS.includes(key)));
}

const fromRecord = (record: MessageRecord): UIMessage => ({ id: record.id, role: record.role, parts: record.parts, metadata: record.metadata });

/**
 * Which stored message the request builds on, before anything is loaded: the path root → it is what
 * `reconcileHistory` gets. `known`: the request's last message, when the store has it (approval
 * answers, a resend); else the parent of its new message — `null` the root, `undefined` the active
 * leaf. A regenerate builds on the reply it replaces (`undefined`: the active leaf).
 */
export function turnBase(body: AgentRequestBody): { regenerate: string | undefined } | { last: string | undefined; parent: string | null | undefined } {
  if (body.trigger === 'regenerate-message') return { regenerate: body.messageId };
  const incoming = (body.messages as WireUIMessage[]).filter((m) => Array.isArray(m.parts) && m.parts.length > 0);
  const previous = incoming.at(-2)?.id;
  return { last: incoming.at(-1)?.id, parent: body.parentId !== undefined ? body.parentId : previous };
}

/**
 * Applies a request to the stored path (root → the message it builds on, `turnBase`) under the
 * protocol's `ServerHistoryRules`: the request may add a user message (under any stored message: an
 * edit is a new sibling), answer pending approvals and give outputs of client tools on the path's last
 * assistant message, or regenerate that reply (a sibling of it). Anything else — a rewritten message,
 * a tool call that never happened, a result for a server tool, an answer to an approval that is not
 * pending — throws (409 / 400) before anything is written. Nothing stored is ever dropped.
 */
export function reconcileHistory(stored: MessageRecord[], body: AgentRequestBody, tools: Record<string, Tool>): ReconciledHistory {
  const index = new Map(stored.map((m, i) => [m.id, i]));
  // `as unknown as`: the wire messages were validated by the protocol's schema; the SDK's `UIMessage` is the same shape, more narrowly typed.
  const incoming = (body.messages as WireUIMessage[]).filter((m) => Array.isArray(m.parts) && m.parts.length > 0) as unknown as UIMessage[];
  const checkKnown = (upTo: number) => {
    for (const message of incoming) {
      const at = index.get(message.id);
      if (at === undefined || at >= upTo) throw mismatch('The request has a message the conversation does not have.');
      const record = stored[at]!;
      if (record.role !== message.role || !sameParts(record.parts, message.parts)) throw mismatch(`Message ${message.id.slice(0, 64)} differs from the stored one.`);
    }
  };

  if (body.trigger === 'regenerate-message') {
    const target = body.messageId ?? stored.at(-1)?.id;
    const at = target === undefined ? undefined : index.get(target);
    if (at === undefined || at !== stored.length - 1 || stored[at]!.role !== 'assistant') {
      throw mismatch('Only a reply of the conversation can be regenerated.');
    }
    checkKnown(at);
    // The new reply is a sibling of the regenerated one: both stay.
    return { thread: stored.slice(0, at).map(fromRecord), parentId: stored[at - 1]?.id ?? null, writes: [] };
  }

  const thread = stored.map(fromRecord);
  const writes: MessageInput[] = [];
  incoming.forEach((message, i) => {
    const isLast = i === incoming.length - 1;
    const at = index.get(message.id);
    if (at === undefined) {
      if (!isLast || message.role !== 'user') throw mismatch('The request has a message the conversation does not have.');
      const added = { id: message.id, role: message.role, parts: message.parts, metadata: clientMetadata(message.metadata) };
      thread.push(added);
      writes.push(added);
      return;
    }
    const record = stored[at]!;
    if (record.role !== message.role) throw mismatch(`Message ${message.id.slice(0, 64)} differs from the stored one.`);
    if (sameParts(record.parts, message.parts)) return;
    if (isLast && message.role === 'user') {
      throw mismatch('A stored message is never rewritten: send the edit as a new message (a new id) with the edited one\'s parent as parentId.');
    }
    if (isLast && message.role === 'assistant' && at === stored.length - 1) {
      const answered = applyAnswers(record, message, tools, `messages.${i}`);
      thread[at] = answered;
      writes.push({ id: answered.id, role: 'assistant', parts: answered.parts, metadata: record.metadata });
      return;
    }
    throw mismatch(`Message ${message.id.slice(0, 64)} differs from the stored one.`);
  });
  if (writes.length === 0 && thread.filter((m) => m.parts.length > 0).at(-1)?.role !== 'user') {
    throw new AgentRequestError('invalid_messages', 'The request adds nothing to answer: send a new user message, approval answers or tool outputs.');
  }
  return { thread, parentId: stored.at(-1)?.id ?? null, writes };
}

/** The stored last reply with the client's approval answers and client-tool outputs, and nothing else. */
function applyAnswers(record: MessageRecord, message: UIMessage, tools: Record<string, Tool>, path: string): UIMessage {
  const storedTools = new Map(record.parts.filter(isToolPart).map((p) => [p.toolCallId, p]));
  const answers = new Map<string, { part: ToolPart; path: string }>();
  message.parts.forEach((part, j) => {
    if (!isToolPart(part)) return;
    if (!storedTools.has(part.toolCallId)) throw mismatch('The request has a tool call that never happened.');
    answers.set(part.toolCallId, { part, path: `${path}.parts.${j}` });
  });
  const storedRest = record.parts.filter((p) => !isToolPart(p));
  const incomingRest = message.parts.filter((p) => !isToolPart(p));
  if (!sameParts(storedRest, incomingRest)) throw mismatch(`Message ${message.id.slice(0, 64)} differs from the stored one.`);
  const parts = record.parts.map((part) => (isToolPart(part) ? answer(part, answers.get(part.toolCallId), tools) : part));
  return { id: record.id, role: 'assistant', parts, metadata: record.metadata };
}

/** Whether an approving answer edits the stored call's input (`approval.originalInput` names the stored proposal). */
function approvalEdit(stored: ToolPart, approval: AnsweredApprovalFields, decision: ApprovalDecision): boolean {
  return (
    stored.state === 'approval-requested' &&
    decision.run &&
    Object.hasOwn(approval, APPROVAL_ORIGINAL_INPUT_KEY) &&
    canonical(approval[APPROVAL_ORIGINAL_INPUT_KEY]) === canonical(stored.input)
  );
}

function answer(stored: ToolPart, sent: { part: ToolPart; path: string } | undefined, tools: Record<string, Tool>): Part {
  const client = sent?.part;
  if (!sent || !client || canonical(comparable(stored)) === canonical(comparable(client))) return stored;
  // The one approval decision: an answer off the protocol's schema is a 400, before anything is written.
  const answeredApproval = client.state === 'approval-responded' ? wireApprovalDecision(client.approval, `${sent.path}.approval`) : undefined;
  // An approver's edit (`answerToolApproval` in @x/agent-protocol) changes the input of a call whose
  // approval is pending, and names the stored proposal as `approval.originalInput`; applyApprovalEdits
  // then validates the edit against the tool's schema and signs it.
  const edit = answeredApproval !== undefined && approvalEdit(stored, answeredApproval.approval, answeredApproval.decision);
  if (client.type !== stored.type || (!edit && canonical(client.input) !== canonical(stored.input))) {
    throw mismatch('A tool call of the request differs from the stored one.');
  }
  if (answeredApproval) {
    const { approval, decision } = answeredApproval;
    if (stored.state !== 'approval-requested' || approval.id !== stored.approval?.id) {
      throw new AgentRequestError('approval_not_pending', 'The request answers an approval that is not pending.');
    }
    const answered = { ...stored.approval, ...answeredFields(decision) };
    return (
      edit
        ? { ...stored, state: 'approval-responded', input: client.input, approval: { ...answered, [APPROVAL_ORIGINAL_INPUT_KEY]: stored.input } }
        : { ...stored, state: 'approval-responded', approval: answered }
    ) as Part;
  }
  if (client.state === 'output-available' || client.state === 'output-error') {
    if (stored.state.startsWith('output-')) throw mismatch('The request rewrites the result of a tool call.');
    const tool = tools[toolNameOf(stored)];
    if (!tool || typeof tool.execute === 'function') {
      throw new AgentRequestError('invalid_messages', `Only the server gives results of the tool "${toolNameOf(stored).slice(0, 64)}".`);
    }
    if (stored.state !== 'input-available') throw mismatch('The request gives an output to a tool call that is not waiting for one.');
    const { output, errorText } = client as ToolPart & { output?: unknown; errorText?: unknown };
    return (
      client.state === 'output-available'
        ? { ...stored, state: 'output-available', output }
        : { ...stored, state: 'output-error', errorText: typeof errorText === 'string' ? errorText.slice(0, 4_000) : 'The tool failed.' }
    ) as Part;
  }
  throw mismatch('A tool call of the request differs from the stored one.');
}

/**
 * The conversation a turn belongs to (issue 20, the AI SDK's own client): the request's
 * `conversationId`, else — with a store — the body's `id` (the AI SDK's `Chat.id`, which its stock
 * `DefaultChatTransport` sends with every request, so its second turn finds the first; scoped to the
 * user like every conversation id), else a new one. Without a store there is no conversation.
 */
export function conversationIdOf(conversationId: string | undefined, body: AgentRequestBody, hasStore: boolean): string | undefined {
  if (conversationId !== undefined) return conversationId;
  if (!hasStore) return undefined;
  return body.id ? body.id : `conv-${crypto.randomUUID()}`;
}
