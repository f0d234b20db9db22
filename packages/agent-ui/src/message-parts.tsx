'use client';
import { BulbOutlined, LoadingOutlined } from '@ant-design/icons';
import type { AgentUIMessage, AgentUIMessagePart } from '@x/agent-react';
import { Button } from 'antd';
import { memo, useState, type CSSProperties, type ReactNode } from 'react';
import { ApprovalCard } from './approval-card.js';
import { FileCard, Think } from './antdx.js';
import { useAgentUIConfig } from './config.js';
import { toDisplayJson } from './format.js';
import { useMessageContext } from './message-context.js';
import { safeUrl } from './safe-url.js';
import { StreamingMarkdown } from './streaming-markdown.js';
import { ToolCard, cardStyle } from './tool-card.js';
import { toolCallOf, type ToolCallView } from './tool-parts.js';

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
      <Think title={toggle} icon={<BulbOutlined />} loading={streaming ? <LoadingOutlined /> : false} blink={streaming} expanded={expanded} onExpand={setExpanded}>
        <StreamingMarkdown text={text} streaming={streaming} announce={false} />
      </Think>
    </div>
  );
});

function ToolPart({ call, message }: { call: ToolCallView; message: AgentUIMessage }) {
  const { toolRenderers, handlers, display } = useMessageContext();
  const Custom = toolRenderers?.[call.toolName];
  if (Custom) {
    const approvalId = call.approval?.id;
    return (
      <Custom
        call={call}
        message={message}
        addToolOutput={(output) => handlers.addToolOutput(call.toolName, call.toolCallId, output)}
        approve={(reason) => approvalId && handlers.approve(approvalId, reason)}
        deny={(reason) => approvalId && handlers.deny(approvalId, reason)}
      />
    );
  }
  if (call.state === 'approval-requested' || call.state === 'approval-responded') {
    return <ApprovalCard call={call} onApprove={handlers.approve} onDeny={handlers.deny} />;
  }
  return <ToolCard call={call} resultDisplay={display.toolResults ?? 'summary'} />;
}

function FilePart({ part }: { part: Extract<AgentUIMessagePart, { type: 'file' }> }) {
  const name = part.filename ?? part.mediaType;
  const isImage = part.mediaType.startsWith('image/');
  const src = safeUrl(part.url, { allowDataImages: true, allowBlob: true });
  if (isImage && src) return <FileCard name={name} type="image" src={src} size="small" imageProps={{ alt: name }} />;
  return <FileCard name={name} size="small" />;
}

function DataPart({ part, message }: { part: { type: `data-${string}`; data: unknown }; message: AgentUIMessage }) {
  const { dataRenderers } = useMessageContext();
  const name = part.type.slice('data-'.length);
  const Custom = dataRenderers?.[name];
  if (Custom) return <Custom name={name} data={part.data} message={message} />;
  return (
    <details style={cardStyle} data-xagent-data={name}>
      <summary style={{ cursor: 'pointer' }}>{name}</summary>
      <pre style={{ whiteSpace: 'pre-wrap', margin: 0, maxHeight: 320, overflow: 'auto' }} tabIndex={0}>{toDisplayJson(part.data, 20_000)}</pre>
    </details>
  );
}

/**
 * Every part of a message in order: markdown text, reasoning, tool calls (with approval cards and
 * per-tool renderers), sources, files and data parts.
 */
export function MessageParts({ message, streaming }: { message: AgentUIMessage; streaming: boolean }) {
  const { display } = useMessageContext();
  const { strings } = useAgentUIConfig();
  const out: ReactNode[] = [];
  const sources: { key: string; href: string | undefined; title: string }[] = [];
  const parts = message.parts;
  const lastIndex = parts.length - 1;
  parts.forEach((part, index) => {
    const live = streaming && index === lastIndex;
    const key = `${index}`;
    if (part.type === 'text') {
      if (message.role === 'user') out.push(<div key={key} style={{ whiteSpace: 'pre-wrap' }}>{part.text}</div>);
      else out.push(<StreamingMarkdown key={key} text={part.text} streaming={live} />);
      return;
    }
    if (part.type === 'reasoning') {
      if (display.reasoning === 'hidden') return;
      out.push(<Reasoning key={key} text={part.text} streaming={live} defaultExpanded={display.reasoning === 'expanded'} />);
      return;
    }
    if (part.type === 'source-url') {
      sources.push({ key: part.sourceId, href: safeUrl(part.url), title: part.title ?? part.url });
      return;
    }
    if (part.type === 'source-document') {
      sources.push({ key: part.sourceId, href: undefined, title: part.title });
      return;
    }
    if (part.type === 'file') {
      out.push(<FilePart key={key} part={part} />);
      return;
    }
    if (part.type === 'step-start') return;
    const call = toolCallOf(part);
    if (call) {
      out.push(<ToolPart key={call.toolCallId} call={call} message={message} />);
      return;
    }
    if (part.type.startsWith('data-')) {
      if (HIDDEN_DATA_PARTS.has(part.type)) return;
      out.push(<DataPart key={key} part={part as { type: `data-${string}`; data: unknown }} message={message} />);
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

/** A small icon-less text button with an accessible name (used in message actions). */
export function ActionButton(props: { label: string; icon: ReactNode; onClick: () => void; pressed?: boolean; disabled?: boolean }) {
  return (
    <Button
      type="text"
      size="small"
      icon={props.icon}
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      onClick={props.onClick}
    />
  );
}
