'use client';
import { LoadingOutlined } from '@ant-design/icons';
import { pastedTextOf } from '../message-content/pasted-text.js';
import { PastedTextChip } from '../message-content/pasted-text-chip.js';
import { hasEntry } from '../message-content/own-entry.js';
import { PartBoundary } from '../message-content/part-boundary.js';
import type { AgentUIMessage, AgentUIMessagePart } from '@x/agent-protocol';
import { COMPACTION_PART } from '@x/agent-protocol';
import { memo, useContext, useState, type CSSProperties, type ReactNode } from 'react';
import { FileCard } from './file-card.js';
import { USER_FILE_NAME_STYLES } from '../message-content/user-file-name.js';
import { attachmentImageProps } from '../message-content/attachment-image.js';
import { Think } from './think.js';
import { useAgentUIConfig } from '../config.js';
import { toDisplayJson } from '../tools/format.js';
import { ApprovalContext } from '../chat/chat-context.js';
import { useMessageContext, type ToolRendererState } from '../chat/message-context.js';
import { safeUrl } from '../markdown/safe-url.js';
import { StreamingMarkdown } from '../markdown/streaming-markdown.js';
import { cardStyle } from '../tools/card-style.js';
import { sameToolCall, toolCallOf, type ToolCallView } from '../tools/tool-parts.js';
import { toolRuns } from '../tools/tool-runs.js';
import { ApprovalCard, CompactionMarker, OnDemandIcon, ToolCallCard, ToolGroup } from '../lazy/on-demand.js';
import { useChatPlugins } from '../plugins/plugins-context.js';

/** Data parts that drive the UI rather than being shown in the message. */
const HIDDEN_DATA_PARTS = new Set(['data-suggestions', 'data-chat-title']);

const sourcesStyle: CSSProperties = { margin: '4px 0', paddingInlineStart: 20, fontSize: '0.9em' };

/** A reasoning block (Ant Design X Think) with a real button as its toggle. */
const Reasoning = memo(function Reasoning({ text, streaming, defaultExpanded }: { text: string; streaming: boolean; defaultExpanded: boolean }) {
  const { strings } = useAgentUIConfig();
  const [expanded, setExpanded] = useState(defaultExpanded);
  const toggle = (
    <button
      type="button"
      aria-expanded={expanded}
      onClick={(event) => {
        event.stopPropagation();
        setExpanded((value) => !value);
      }}
      style={{ all: 'unset', cursor: 'pointer', outlineOffset: 2 }}
      className="xagent-reasoning-toggle"
    >
      {streaming ? strings.thinking : strings.reasoning}
    </button>
  );
  return (
    <div data-xagent-reasoning="">
      <Think title={toggle} icon={<OnDemandIcon name="bulb" />} loading={streaming ? <LoadingOutlined /> : false} blink={streaming} expanded={expanded} onExpand={setExpanded}>
        <StreamingMarkdown text={text} streaming={streaming} announce={false} />
      </Think>
    </div>
  );
});

/** Props of the tool-part wrapper. `message` and `streaming` are read only for custom renderers. */
interface ToolPartProps {
  part: AgentUIMessagePart;
  /** The message, for a custom renderer; `undefined` for the kit's own cards (they do not read it). */
  message: AgentUIMessage | undefined;
  /** Whether the message is streaming (custom renderers only; `false` otherwise). */
  streaming: boolean;
  /** Id of the message (an A2UI surface in the result sends its actions as the next turn). */
  messageId: string;
}

/**
 * One tool call. Memoized on the part: while later text of the same message streams, an unchanged
 * tool part does not re-render — neither this wrapper nor its card. The part is compared by identity
 * first (the store keeps unchanged parts), then by its rendered fields ({@link sameToolCall}), since
 * the AI SDK may clone parts per update. The view is built inside, so nothing new is allocated per
 * token for a settled call.
 *
 * Custom renderers get `message` too, but to keep them out of per-token renders they are not
 * re-rendered for every change of the message: they see the message as it was when their call last
 * changed, and the settled message again when the stream ends (`streaming` is part of the comparison).
 * Render-time reads of other parts' streaming text may therefore lag until the call changes or the
 * stream ends. Renderer config (`toolRenderers`, `display`, handlers) comes from context, so a new
 * config re-renders every part.
 */
const ToolPart = memo(function ToolPart({ part, message, messageId }: ToolPartProps) {
  const { toolRenderers, handlers, display } = useMessageContext('MessageParts');
  const approvals = useContext(ApprovalContext);
  const plugins = useChatPlugins();
  const call = toolCallOf(part);
  if (!call) return null;
  const approvalId = call.approval?.id;
  // Left unanswered in an earlier message (the user moved on): answering would run nothing.
  const expired = call.state === 'approval-requested' && approvalId !== undefined && !!approvals?.expired.some((a) => a.approvalId === approvalId);
  const Custom = hasEntry(toolRenderers, call.toolName) ? toolRenderers[call.toolName] : undefined;
  if (Custom && message) {
    return (
      <Custom
        {...rendererState(call)}
        call={call}
        message={message}
        addToolOutput={(output) => handlers.addToolOutput(call.toolName, call.toolCallId, output)}
        approve={(reason, input) => approvalId && handlers.approve(approvalId, reason, input)}
        deny={(reason) => approvalId && handlers.deny(approvalId, reason)}
        expired={expired}
      />
    );
  }
  // A plug-in may show the result itself (A2UI surfaces from `a2uiSurface()` on the server).
  for (const plugin of plugins.parts) {
    const shown = plugin.toolResult?.(call, messageId);
    if (shown !== undefined) return shown;
  }
  if (call.state === 'approval-requested' || call.state === 'approval-responded') {
    return <ApprovalCard call={call} onApprove={handlers.approve} onDeny={handlers.deny} expired={expired} />;
  }
  // A call the user approved or rejected keeps the answer on its card.
  const answered = call.approval?.approved !== undefined && !(call.approval as { isAutomatic?: boolean }).isAutomatic;
  return <ToolCallCard call={call} resultDisplay={display.toolResults ?? 'summary'} answered={answered} />;
}, sameToolPart);

/** A call's state with its `input` and `output`, as a tool renderer takes them. */
function rendererState(call: ToolCallView): ToolRendererState {
  return call.state === 'output-available' ? { state: call.state, input: call.input, output: call.output } : { state: call.state, input: call.input };
}

function sameToolPart(prev: ToolPartProps, next: ToolPartProps): boolean {
  if (prev.streaming !== next.streaming || (prev.message === undefined) !== (next.message === undefined)) return false;
  if (prev.part === next.part) return true;
  const a = toolCallOf(prev.part);
  const b = toolCallOf(next.part);
  return a !== undefined && b !== undefined && sameToolCall(a, b);
}

/** The call id of a tool part (static or dynamic tool), or `undefined` for other parts. */
function toolCallIdOf(part: AgentUIMessagePart): string | undefined {
  if (part.type !== 'dynamic-tool' && !part.type.startsWith('tool-')) return undefined;
  return (part as { toolCallId?: string }).toolCallId;
}

/** The tool name of a tool part (its type without `tool-`, or a dynamic tool's name). */
function toolNameOf(part: AgentUIMessagePart): string {
  return part.type === 'dynamic-tool' ? (part as { toolName: string }).toolName : part.type.slice('tool-'.length);
}

function FilePart({ part }: { part: Extract<AgentUIMessagePart, { type: 'file' }> }) {
  const pasted = pastedTextOf(part);
  if (pasted !== undefined) return <PastedTextChip text={pasted} />;
  // Loaded history may miss fields the types promise: never throw on them.
  const mediaType = typeof part.mediaType === 'string' ? part.mediaType : '';
  const name = part.filename || mediaType || 'file';
  const isImage = mediaType.startsWith('image/');
  const src = safeUrl(part.url, { allowDataImages: true, allowBlob: true });
  if (isImage && src) return <FileCard name={name} type="image" src={src} size="small" imageProps={attachmentImageProps(name)} styles={USER_FILE_NAME_STYLES} />;
  return <FileCard name={name} size="small" styles={USER_FILE_NAME_STYLES} />;
}

function DataPart({ part, message }: { part: { type: `data-${string}`; data: unknown }; message: AgentUIMessage }) {
  const { dataRenderers } = useMessageContext('MessageParts');
  const name = part.type.slice('data-'.length);
  const Custom = hasEntry(dataRenderers, name) ? dataRenderers[name] : undefined;
  if (Custom) return <Custom name={name} data={part.data} message={message} />;
  return (
    <details style={cardStyle} data-xagent-data={name}>
      <summary style={{ cursor: 'pointer' }}>{name}</summary>
      <pre style={{ whiteSpace: 'pre-wrap', margin: 0, maxHeight: 320, overflow: 'auto' }} tabIndex={0}>{toDisplayJson(part.data, 20_000)}</pre>
    </details>
  );
}

/** Props of {@link MessageParts}. */
export interface MessagePartsProps {
  message: AgentUIMessage;
  /** The message is receiving tokens (its last part renders as a stream). */
  streaming?: boolean;
  /**
   * The message is the reply of the turn in progress, or of the one that ended in this update
   * (default: `streaming`): a text part that appears now is new and is read to screen readers from
   * its first word — also one that reached the page whole (a fast model, a busy machine).
   */
  live?: boolean;
}

/**
 * Every part of a message in order: markdown text, reasoning, tool calls (with approval cards and
 * per-tool renderers), sources, files and data parts. Needs an `AgentChatProvider` above it (its
 * approve / deny and tool outputs act on the provider's chat); throws without one.
 */
export function MessageParts({ message, streaming = false, live = streaming }: MessagePartsProps) {
  const { display, toolRenderers, dataRenderers } = useMessageContext('MessageParts');
  const { strings } = useAgentUIConfig();
  const plugins = useChatPlugins();
  const out: ReactNode[] = [];
  // Every part in its own error boundary (renderers of untrusted content and the app's own): a part
  // that throws shows a notice in its place and renders again when what it shows changes.
  const push = (key: string, resetKeys: readonly unknown[], node: ReactNode) =>
    out.push(
      <PartBoundary key={key} resetKeys={resetKeys}>
        {node}
      </PartBoundary>,
    );
  const sources: { key: string; href: string | undefined; title: string }[] = [];
  const parts = Array.isArray(message.parts) ? message.parts : [];
  const lastIndex = parts.length - 1;
  // Consecutive calls the kit's own cards show collapse into one line (custom renderers and
  // approvals stay on their own).
  const runs = toolRuns(parts, (part) => {
    if (toolCallIdOf(part) === undefined || hasEntry(toolRenderers, toolNameOf(part))) return false;
    // A call a plug-in shows on its own (an MCP App under its card, A2UI surfaces) is not grouped.
    if (plugins.parts.some((plugin) => plugin.ownCard?.(part))) return false;
    const state = (part as { state?: string }).state;
    return state !== 'approval-requested' && state !== 'approval-responded';
  });
  const inRun = new Set<number>();
  parts.forEach((part, index) => {
    if (!part || typeof part.type !== 'string' || inRun.has(index)) return;
    const run = runs.get(index);
    if (run) {
      for (const i of run.indexes) inRun.add(i);
      const grouped = run.indexes.map((i) => parts[i]!);
      push(`tools-${toolCallIdOf(part)}`, grouped, <ToolGroup parts={grouped} resultDisplay={display.toolResults ?? 'summary'} />);
      return;
    }
    const partStreaming = streaming && index === lastIndex;
    const key = `${index}`;
    if (part.type === 'text') {
      const text = typeof part.text === 'string' ? part.text : '';
      if (message.role === 'user') out.push(<div key={key} dir="auto" style={{ whiteSpace: 'pre-wrap' }}>{text}</div>);
      // Announced from its mount when it appears in this turn's reply (read from its first word).
      else push(key, [text], <StreamingMarkdown text={text} streaming={partStreaming} announce={live || undefined} />);
      return;
    }
    if (part.type === 'reasoning') {
      if (display.reasoning === 'hidden') return;
      const text = typeof part.text === 'string' ? part.text : '';
      push(key, [text], <Reasoning text={text} streaming={partStreaming} defaultExpanded={display.reasoning === 'expanded'} />);
      return;
    }
    if (part.type === 'source-url') {
      sources.push({ key: part.sourceId ?? key, href: safeUrl(part.url), title: part.title ?? part.url ?? '' });
      return;
    }
    if (part.type === 'source-document') {
      sources.push({ key: part.sourceId ?? key, href: undefined, title: part.title ?? '' });
      return;
    }
    if (part.type === 'file') {
      push(key, [part], <FilePart part={part} />);
      return;
    }
    if (part.type === 'step-start') return;
    const toolCallId = toolCallIdOf(part);
    if (toolCallId !== undefined) {
      const custom = hasEntry(toolRenderers, toolNameOf(part));
      const { state, input, output } = part as { state?: unknown; input?: unknown; output?: unknown };
      push(toolCallId, [state, input, output], <ToolPart part={part} message={custom ? message : undefined} streaming={custom && streaming} messageId={message.id} />);
      if (custom) return;
      plugins.parts.forEach((plugin, i) => {
        const after = plugin.afterToolCall?.(part, toolCallId);
        if (after !== undefined) push(`after-${i}-${toolCallId}`, [input, output], after);
      });
      return;
    }
    if (part.type.startsWith('data-')) {
      if (HIDDEN_DATA_PARTS.has(part.type)) return;
      const name = part.type.slice('data-'.length);
      if (!hasEntry(dataRenderers, name)) {
        // A plug-in's renderer for this data part (A2UI surfaces), unless the app has its own.
        const { data, id } = part as { data?: unknown; id?: string };
        for (const plugin of plugins.parts) {
          const render = plugin.dataParts && hasEntry(plugin.dataParts, name) ? plugin.dataParts[name] : undefined;
          const shown = render?.(data, message, key);
          if (shown !== undefined) {
            push(id ?? key, [data], shown);
            return;
          }
        }
      }
      if (part.type === COMPACTION_PART && !dataRenderers?.compaction) {
        const { data } = part as { data?: unknown };
        push(key, [data], <CompactionMarker data={data} Markdown={StreamingMarkdown} />);
        return;
      }
      push(key, [(part as { data?: unknown }).data], <DataPart part={part as { type: `data-${string}`; data: unknown }} message={message} />);
    }
  });
  if (sources.length && display.sources !== false) {
    out.push(
      <nav key="sources" aria-label={strings.sources} data-xagent-sources="">
        <ol style={sourcesStyle}>
          {sources.map((source) => (
            <li key={source.key}>
              {source.href ? (
                <a href={source.href} target="_blank" rel="noopener noreferrer">
                  {source.title}
                </a>
              ) : (
                source.title
              )}
            </li>
          ))}
        </ol>
      </nav>,
    );
  }
  return <>{out}</>;
}

