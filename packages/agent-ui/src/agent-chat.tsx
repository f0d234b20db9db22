'use client';
import { Bubble, Sender } from '@ant-design/x';
import type { BubbleItemType, BubbleListProps } from '@ant-design/x';
import { XMarkdown } from '@ant-design/x-markdown';
import { useAgentChat, type UseAgentChatOptions, type AgentUIMessage } from '@x/agent-react';
import { useState, type CSSProperties } from 'react';

export interface AgentChatProps extends UseAgentChatOptions {
  /** Height of the chat (default 100%). */
  height?: CSSProperties['height'];
  /** Placeholder of the composer. */
  placeholder?: string;
  className?: string;
  style?: CSSProperties;
}

const roles: BubbleListProps['role'] = {
  ai: {
    placement: 'start',
    variant: 'borderless',
    contentRender: (content) => <XMarkdown content={String(content)} />,
  },
  user: { placement: 'end' },
};

/** A complete agent chat: transcript, streaming markdown and a composer. */
export function AgentChat(props: AgentChatProps) {
  const chat = useAgentChat(props);
  const [value, setValue] = useState('');
  const busy = chat.status === 'submitted' || chat.status === 'streaming';
  const items: BubbleItemType[] = chat.messages.map((message, index) => ({
    key: message.id,
    role: message.role === 'user' ? 'user' : 'ai',
    content: textOf(message),
    loading: busy && index === chat.messages.length - 1 && message.role === 'assistant' && textOf(message) === '',
  }));
  if (chat.status === 'submitted' && chat.messages.at(-1)?.role === 'user') {
    items.push({ key: 'pending', role: 'ai', content: '', loading: true });
  }
  return (
    <div
      className={props.className}
      style={{ display: 'flex', flexDirection: 'column', gap: 12, height: props.height ?? '100%', ...props.style }}
      data-status={chat.status}
    >
      <div role="log" aria-live="polite" aria-label="Conversation" style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Bubble.List items={items} role={roles} />
      </div>
      {chat.error ? (
        <div role="alert">
          {chat.error.message}{' '}
          <button type="button" onClick={() => void chat.regenerate()}>
            Retry
          </button>
        </div>
      ) : null}
      <Sender
        value={value}
        onChange={(next) => setValue(next)}
        loading={busy}
        placeholder={props.placeholder ?? 'Ask anything…'}
        onSubmit={(text) => {
          if (!text.trim()) return;
          setValue('');
          void chat.sendMessage({ text });
        }}
        onCancel={() => void chat.stop()}
      />
    </div>
  );
}

function textOf(message: AgentUIMessage): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}
