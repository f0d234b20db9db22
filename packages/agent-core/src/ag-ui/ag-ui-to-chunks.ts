import type { UIMessageChunk } from 'ai';
import type { BaseEvent, Interrupt } from '@ag-ui/client';
import { CHAT_TITLE_PART, SUGGESTIONS_PART, UPDATE_PAGE_STATE_TOOL } from '@x/agent-protocol';
import { a2uiActivityChunks } from './a2ui-activity.js';

/** The `CUSTOM` event names of the kit's title and suggestions (as `@x/agent-server` sends them). */
const CUSTOM_PARTS: Record<string, string> = { 'x.chat-title': CHAT_TITLE_PART, 'x.suggestions': SUGGESTIONS_PART };

type Fields = Record<string, unknown>;
const str = (event: Fields, key: string): string => (typeof event[key] === 'string' ? (event[key] as string) : '');

function parseArgs(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The tool call an interrupt describes in its metadata (`{ toolName, args }`, at the top or one level
 * down as `@ag-ui/mastra` nests it under `mastra`), if any.
 */
function describedCall(interrupt: Interrupt): { toolName: string; args: unknown } | undefined {
  const metadata = interrupt.metadata as Fields | undefined;
  if (!metadata) return undefined;
  for (const candidate of [metadata, ...Object.values(metadata)]) {
    if (typeof candidate !== 'object' || candidate === null) continue;
    const { toolName, args } = candidate as Fields;
    if (typeof toolName === 'string' && toolName) return { toolName, args: args ?? {} };
  }
  return undefined;
}

/** What the mapping of one run knows from the request that started it. */
export interface AgUiToChunksOptions {
  /** Tool calls whose approval the run's `resume` refused: their `TOOL_CALL_RESULT` shows as denied. */
  refusedToolCalls?: ReadonlySet<string>;
}

/** Maps one AG-UI run's events to UI message chunks, keeping what spans events (tool names and args). */
export interface AgUiToChunks {
  /** The chunks for one event (none for events the chat has no counterpart of). */
  map(event: BaseEvent): UIMessageChunk[];
  /** Interrupts of the run's `RUN_FINISHED` (the transport answers them with the next run's `resume`). */
  readonly interrupts: readonly Interrupt[];
  /** Tool calls of `update-page-state` waiting for the state events that carry their writes. */
  readonly pendingPageStateCalls: string[];
}

/**
 * The one module that maps AG-UI events to the chat's UI message chunks (the table in
 * docs/ARCHITECTURE.md), so an AG-UI agent fills the same message state as our own wire:
 * `RUN_STARTED` → `start`; `TEXT_MESSAGE_*` → text parts; `REASONING_MESSAGE_*` → reasoning parts;
 * `TOOL_CALL_START/ARGS/END` → a tool part with its input, `TOOL_CALL_RESULT` → its output (denied
 * for a call the run's `resume` refused);
 * `CUSTOM` title/suggestions → their data parts; A2UI `ACTIVITY_SNAPSHOT`s (`@ag-ui/a2ui-middleware`) →
 * `data-a2ui` parts; interrupts of `RUN_FINISHED` → approval requests
 * on their tool calls (a tool part of its own for an interrupt that names none); `RUN_ERROR` →
 * `error`; `RUN_FINISHED` → `finish` (`abort` first when the run was cancelled). State events are
 * the transport's (they go through the page's shared-state allowlist).
 */
export function agUiToChunks(options: AgUiToChunksOptions = {}): AgUiToChunks {
  const refused = options.refusedToolCalls ?? new Set<string>();
  const tools = new Map<string, { name: string; args: string; ended: boolean }>();
  const interrupts: Interrupt[] = [];
  const pendingPageStateCalls: string[] = [];
  const a2ui = a2uiActivityChunks();
  /** A tool result came in this step: what the agent says next is the next step (as the AI SDK counts steps). */
  let afterResult = false;
  const nextStep = (): UIMessageChunk[] => {
    if (!afterResult) return [];
    afterResult = false;
    return [{ type: 'finish-step' }, { type: 'start-step' }];
  };

  const endTool = (toolCallId: string): UIMessageChunk[] => {
    const tool = tools.get(toolCallId);
    if (!tool || tool.ended) return [];
    tool.ended = true;
    const isPageState = tool.name === UPDATE_PAGE_STATE_TOOL;
    if (isPageState) pendingPageStateCalls.push(toolCallId);
    // An update-page-state call is carried out by the agent's state events, not by this page's tool handler.
    return [{ type: 'tool-input-available', toolCallId, toolName: tool.name, input: parseArgs(tool.args), ...(isPageState ? { providerExecuted: true } : {}) }];
  };

  const interruptChunks = (interrupt: Interrupt): UIMessageChunk[] => {
    const chunks: UIMessageChunk[] = [];
    let toolCallId = interrupt.toolCallId;
    if (!toolCallId || !tools.has(toolCallId)) {
      // An interrupt of a tool call this run did not stream (or of none): a tool part of its own, so
      // the chat shows an approval card — named after the call the interrupt describes, if it does.
      toolCallId = toolCallId ?? interrupt.id;
      const described = describedCall(interrupt);
      const toolName = described?.toolName ?? (interrupt.reason.replace(/[^\w-]/g, '_').slice(0, 64) || 'interrupt');
      tools.set(toolCallId, { name: toolName, args: '', ended: true });
      chunks.push({ type: 'tool-input-available', toolCallId, toolName, input: described ? described.args : { message: interrupt.message ?? '' } });
    } else {
      chunks.push(...endTool(toolCallId));
    }
    chunks.push({ type: 'tool-approval-request', approvalId: interrupt.id, toolCallId });
    return chunks;
  };

  return {
    interrupts,
    pendingPageStateCalls,
    map(event) {
      // `as unknown as`: AG-UI's event union has no common fields type; `Fields` reads the optional
      // fields each case below checks before use.
      const e = event as unknown as Fields;
      switch (event.type) {
        case 'RUN_STARTED':
          return [{ type: 'start', messageMetadata: { runId: str(e, 'runId'), threadId: str(e, 'threadId') } }, { type: 'start-step' }];
        case 'TEXT_MESSAGE_START':
          return [...nextStep(), { type: 'text-start', id: str(e, 'messageId') }];
        case 'TEXT_MESSAGE_CONTENT':
          return [{ type: 'text-delta', id: str(e, 'messageId'), delta: str(e, 'delta') }];
        case 'TEXT_MESSAGE_END':
          return [{ type: 'text-end', id: str(e, 'messageId') }];
        case 'REASONING_MESSAGE_START':
          return [...nextStep(), { type: 'reasoning-start', id: str(e, 'messageId') }];
        case 'REASONING_MESSAGE_CONTENT':
          return [{ type: 'reasoning-delta', id: str(e, 'messageId'), delta: str(e, 'delta') }];
        case 'REASONING_MESSAGE_END':
          return [{ type: 'reasoning-end', id: str(e, 'messageId') }];
        case 'TOOL_CALL_START': {
          const toolCallId = str(e, 'toolCallId');
          const toolName = str(e, 'toolCallName');
          tools.set(toolCallId, { name: toolName, args: '', ended: false });
          return [...nextStep(), { type: 'tool-input-start', toolCallId, toolName }];
        }
        case 'TOOL_CALL_ARGS': {
          const tool = tools.get(str(e, 'toolCallId'));
          if (!tool || tool.ended) return [];
          tool.args += str(e, 'delta');
          return [{ type: 'tool-input-delta', toolCallId: str(e, 'toolCallId'), inputTextDelta: str(e, 'delta') }];
        }
        case 'TOOL_CALL_END':
          return endTool(str(e, 'toolCallId'));
        case 'TOOL_CALL_RESULT': {
          // A result may answer a call of an earlier run (an approved interrupt): the chat holds that call.
          const toolCallId = str(e, 'toolCallId');
          const content = e.content;
          const output = typeof content === 'string' ? parseArgs(content) : content;
          afterResult = true;
          // The user refused this call (the run's resume): whatever the agent answers for it, the
          // call was not carried out as asked — the chat shows it denied, as on our own wire.
          if (refused.has(toolCallId)) return [...endTool(toolCallId), { type: 'tool-output-denied', toolCallId }];
          a2ui.noteToolOutput(output);
          return [...endTool(toolCallId), { type: 'tool-output-available', toolCallId, output }];
        }
        case 'ACTIVITY_SNAPSHOT':
          return a2ui.map(e);
        case 'CUSTOM': {
          const part = CUSTOM_PARTS[str(e, 'name')];
          return part ? [{ type: part as `data-${string}`, data: e.value }] : [];
        }
        case 'RUN_ERROR': {
          const code = str(e, 'code');
          return [{ type: 'error', errorText: code ? `${str(e, 'message')} (${code})` : str(e, 'message') }];
        }
        case 'RUN_FINISHED': {
          const outcome = e.outcome as { type?: string; interrupts?: Interrupt[] } | undefined;
          const chunks: UIMessageChunk[] = [];
          for (const toolCallId of tools.keys()) chunks.push(...endTool(toolCallId));
          if (outcome?.type === 'interrupt') {
            for (const interrupt of outcome.interrupts ?? []) {
              interrupts.push(interrupt);
              chunks.push(...interruptChunks(interrupt));
            }
          }
          if (outcome?.type === 'cancelled') chunks.push({ type: 'abort' });
          chunks.push({ type: 'finish-step' }, { type: 'finish', finishReason: outcome?.type === 'interrupt' ? 'tool-calls' : 'stop' });
          return chunks;
        }
        default:
          return [];
      }
    },
  };
}
