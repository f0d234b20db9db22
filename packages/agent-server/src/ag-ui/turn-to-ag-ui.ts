import type { UIMessageChunk } from 'ai';
import { EventType, type AGUIEvent, type Interrupt, type JsonPatchOperation } from '@ag-ui/core';
import { A2UI_PART, isA2UIToolOutput } from '@x/agent-protocol/a2ui';
import { type AgentErrorCode, CHAT_TITLE_PART, SUGGESTIONS_PART, UPDATE_PAGE_STATE_TOOL } from '@x/agent-protocol';
import { MAX_APPROVAL_REASON_LENGTH, isReservedKey, sharedStateKind, withoutReservedKeys } from '@x/agent-protocol/validation';

/** The AG-UI names of the kit's data parts sent as `CUSTOM` events. */
export const AG_UI_CUSTOM = { title: 'x.chat-title', suggestions: 'x.suggestions' } as const;

import { a2uiActivities } from './a2ui-activity.js';

/** The `reason` of an interrupt that asks for a tool approval. */
export const APPROVAL_INTERRUPT_REASON = 'x:tool_approval';

/** What one turn's mapping needs to know about its run. */
export interface TurnToAgUiOptions {
  threadId: string;
  /** The run id used until the turn's `start` chunk names the server's own. */
  runId: string;
  /** The run's shared state as the AG-UI client sent it (the exposed keys); undefined or empty when none. */
  state: Record<string, unknown> | undefined;
}

/** Maps one turn's UI message chunks to AG-UI events, keeping what spans chunks (open messages, interrupts). */
export interface TurnToAgUi {
  /** The events for one chunk (none for chunks AG-UI has no counterpart of). */
  map(chunk: UIMessageChunk): AGUIEvent[];
  /** The closing events when the turn's stream ended (nothing after `RUN_ERROR` or `RUN_FINISHED`). */
  end(): AGUIEvent[];
  /** The run id the client sees (ours, once the turn started). */
  readonly runId: string;
}

type ToolInfo = { name: string; started: boolean; ended: boolean };

/**
 * One turn (the kit's UI message stream) as AG-UI events — the one module that maps our wire to
 * AG-UI (table in docs/ARCHITECTURE.md):
 * `start` → `RUN_STARTED` (our run id, the conversation as thread) + `STATE_SNAPSHOT` of the exposed
 * keys; text / reasoning → `TEXT_MESSAGE_*` / `REASONING_*`; tool input → `TOOL_CALL_START/ARGS/END`,
 * outputs → `TOOL_CALL_RESULT`; an `update-page-state` call → `STATE_DELTA` of the updates the
 * page's exposed keys accept (same allowlist and kind check as the page); approvals → interrupts of
 * the closing `RUN_FINISHED`; title and suggestions → `CUSTOM`; A2UI surfaces (a tool's `a2uiSurface()`
 * result, a `data-a2ui` part) → `ACTIVITY_SNAPSHOT` as `@ag-ui/a2ui-middleware` emits them; `error` → `RUN_ERROR`.
 */
export function turnToAgUi(options: TurnToAgUiOptions): TurnToAgUi {
  let runId = options.runId;
  let replyId = `${options.runId}-reply`;
  let started = false;
  let closed = false;
  let stopped = false;
  const state = options.state ?? {};
  const texts = new Map<string, string>();
  const reasonings = new Map<string, string>();
  const tools = new Map<string, ToolInfo>();
  const interrupts: Interrupt[] = [];
  let textCount = 0;

  const messageIdFor = (kind: 'text' | 'reasoning', id: string): string => {
    const n = textCount++;
    return n === 0 && kind === 'text' ? replyId : `${replyId}-${kind}-${n}-${id}`.slice(0, 256);
  };

  const startRun = (events: AGUIEvent[]) => {
    if (started) return;
    started = true;
    events.push({ type: EventType.RUN_STARTED, threadId: options.threadId, runId });
    if (Object.keys(state).length > 0) events.push({ type: EventType.STATE_SNAPSHOT, snapshot: state });
  };

  const closeOpen = (events: AGUIEvent[]) => {
    for (const messageId of texts.values()) events.push({ type: EventType.TEXT_MESSAGE_END, messageId });
    texts.clear();
    for (const messageId of reasonings.values()) {
      events.push({ type: EventType.REASONING_MESSAGE_END, messageId }, { type: EventType.REASONING_END, messageId });
    }
    reasonings.clear();
    for (const [toolCallId, tool] of tools) {
      if (tool.started && !tool.ended) {
        tool.ended = true;
        events.push({ type: EventType.TOOL_CALL_END, toolCallId });
      }
    }
  };

  const toolInput = (events: AGUIEvent[], toolCallId: string, toolName: string, input: unknown) => {
    const tool = tools.get(toolCallId) ?? { name: toolName, started: false, ended: false };
    tools.set(toolCallId, tool);
    if (!tool.started) {
      tool.started = true;
      events.push({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: toolName, parentMessageId: replyId });
      events.push({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(input ?? {}) });
    }
    if (!tool.ended) {
      tool.ended = true;
      events.push({ type: EventType.TOOL_CALL_END, toolCallId });
    }
    if (toolName === UPDATE_PAGE_STATE_TOOL) {
      const delta = pageStateDelta(state, input);
      if (delta.length > 0) events.push({ type: EventType.STATE_DELTA, delta });
    }
  };

  const toolResult = (toolCallId: string, content: unknown): AGUIEvent => ({
    type: EventType.TOOL_CALL_RESULT,
    messageId: `${replyId}-result-${toolCallId}`.slice(0, 256),
    toolCallId,
    content: JSON.stringify(content ?? null),
    role: 'tool',
  });

  const finishRun = (events: AGUIEvent[]) => {
    closeOpen(events);
    closed = true;
    const outcome =
      interrupts.length > 0
        ? { type: 'interrupt' as const, interrupts }
        : stopped
          ? { type: 'cancelled' as const }
          : { type: 'success' as const };
    events.push({ type: EventType.RUN_FINISHED, threadId: options.threadId, runId, outcome });
  };

  return {
    get runId() {
      return runId;
    },
    map(chunk) {
      if (closed) return [];
      const events: AGUIEvent[] = [];
      if (chunk.type === 'start') {
        const metadata = chunk.messageMetadata as { runId?: unknown } | undefined;
        if (typeof metadata?.runId === 'string') runId = metadata.runId;
        if (chunk.messageId) replyId = chunk.messageId;
        startRun(events);
        return events;
      }
      startRun(events);
      switch (chunk.type) {
        case 'text-start': {
          const messageId = messageIdFor('text', chunk.id);
          texts.set(chunk.id, messageId);
          events.push({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' });
          break;
        }
        case 'text-delta': {
          const messageId = texts.get(chunk.id);
          if (messageId && chunk.delta !== '') events.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: chunk.delta });
          break;
        }
        case 'text-end': {
          const messageId = texts.get(chunk.id);
          if (messageId) events.push({ type: EventType.TEXT_MESSAGE_END, messageId });
          texts.delete(chunk.id);
          break;
        }
        case 'reasoning-start': {
          const messageId = messageIdFor('reasoning', chunk.id);
          reasonings.set(chunk.id, messageId);
          events.push({ type: EventType.REASONING_START, messageId }, { type: EventType.REASONING_MESSAGE_START, messageId, role: 'reasoning' });
          break;
        }
        case 'reasoning-delta': {
          const messageId = reasonings.get(chunk.id);
          if (messageId && chunk.delta !== '') events.push({ type: EventType.REASONING_MESSAGE_CONTENT, messageId, delta: chunk.delta });
          break;
        }
        case 'reasoning-end': {
          const messageId = reasonings.get(chunk.id);
          if (messageId) events.push({ type: EventType.REASONING_MESSAGE_END, messageId }, { type: EventType.REASONING_END, messageId });
          reasonings.delete(chunk.id);
          break;
        }
        case 'tool-input-start': {
          tools.set(chunk.toolCallId, { name: chunk.toolName, started: true, ended: false });
          events.push({ type: EventType.TOOL_CALL_START, toolCallId: chunk.toolCallId, toolCallName: chunk.toolName, parentMessageId: replyId });
          break;
        }
        case 'tool-input-delta': {
          const tool = tools.get(chunk.toolCallId);
          if (tool && !tool.ended) events.push({ type: EventType.TOOL_CALL_ARGS, toolCallId: chunk.toolCallId, delta: chunk.inputTextDelta });
          break;
        }
        case 'tool-input-available':
          toolInput(events, chunk.toolCallId, chunk.toolName, chunk.input);
          break;
        case 'tool-input-error':
          toolInput(events, chunk.toolCallId, chunk.toolName, chunk.input);
          events.push(toolResult(chunk.toolCallId, { error: chunk.errorText }));
          break;
        case 'tool-approval-request': {
          const tool = tools.get(chunk.toolCallId);
          interrupts.push({
            id: chunk.approvalId,
            reason: APPROVAL_INTERRUPT_REASON,
            toolCallId: chunk.toolCallId,
            message: `Approve the call of ${tool?.name ?? 'a tool'}?`,
            responseSchema: APPROVAL_RESPONSE_SCHEMA,
            ...(tool ? { metadata: { toolName: tool.name } } : {}),
          });
          break;
        }
        case 'tool-output-available':
          if (chunk.preliminary !== true) {
            events.push(toolResult(chunk.toolCallId, chunk.output));
            if (isA2UIToolOutput(chunk.output)) events.push(...a2uiActivities(chunk.output.a2ui_operations, chunk.toolCallId));
          }
          break;
        case 'tool-output-error':
          events.push(toolResult(chunk.toolCallId, { error: chunk.errorText }));
          break;
        case 'tool-output-denied':
          events.push(toolResult(chunk.toolCallId, { denied: true }));
          break;
        case 'message-metadata': {
          const metadata = chunk.messageMetadata as { stopReason?: unknown } | undefined;
          if (metadata?.stopReason === 'stopped') stopped = true;
          break;
        }
        case 'abort':
          stopped = true;
          break;
        case 'error':
          closeOpen(events);
          closed = true;
          events.push({ type: EventType.RUN_ERROR, message: chunk.errorText, code: 'internal_error' satisfies AgentErrorCode });
          break;
        case 'finish':
          finishRun(events);
          break;
        default:
          if (chunk.type.startsWith('data-')) {
            const data = (chunk as { data?: unknown }).data;
            if (data === undefined) break;
            if (chunk.type === A2UI_PART) {
              const messages = (data as { messages?: unknown }).messages;
              if (Array.isArray(messages)) events.push(...a2uiActivities(messages, undefined));
              break;
            }
            const name = chunk.type === CHAT_TITLE_PART ? AG_UI_CUSTOM.title : chunk.type === SUGGESTIONS_PART ? AG_UI_CUSTOM.suggestions : chunk.type;
            events.push({ type: EventType.CUSTOM, name, value: data });
          }
      }
      return events;
    },
    end() {
      if (closed) return [];
      const events: AGUIEvent[] = [];
      startRun(events);
      finishRun(events);
      return events;
    },
  };
}

/**
 * The JSON Schema of an approval interrupt's resume payload: the protocol's
 * `approvalAnswerPayloadSchema` (the server checks the payload against it; anything else is a 400).
 */
export const APPROVAL_RESPONSE_SCHEMA = {
  type: 'object',
  properties: { approved: { type: 'boolean' }, reason: { type: 'string', maxLength: MAX_APPROVAL_REASON_LENGTH } },
  required: ['approved'],
  additionalProperties: false,
};

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The JSON Patch an `update-page-state` input makes to the shared state: only keys the page exposed
 * (present in `state`), never reserved ones, and only values of the kind the key holds — the same
 * rules the page's allowlist applies.
 */
export function pageStateDelta(state: Record<string, unknown>, input: unknown): JsonPatchOperation[] {
  const updates = (input as { updates?: unknown } | undefined)?.updates;
  if (typeof updates !== 'object' || updates === null || Array.isArray(updates)) return [];
  const clean = withoutReservedKeys(updates).value as Record<string, unknown>;
  const ops: JsonPatchOperation[] = [];
  for (const [key, value] of Object.entries(clean)) {
    if (isReservedKey(key) || !Object.hasOwn(state, key)) continue;
    if (state[key] !== null && sharedStateKind(state[key]) !== sharedStateKind(value)) continue;
    ops.push({ op: 'replace', path: `/${escapePointer(key)}`, value });
  }
  return ops;
}
