/**
 * Baseline: what a user writes without the kit. Plain `useChat` (no throttle), Ant Design X
 * `Bubble.List` + `Sender`, `XMarkdown` as the bubble's contentRender with
 * `streaming.hasNextChunk`, typing off.
 */
import { useChat } from '@ai-sdk/react';
import { Bubble, Sender } from '@ant-design/x';
import type { BubbleItemType, BubbleListProps } from '@ant-design/x';
import { XMarkdown } from '@ant-design/x-markdown';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { useState } from 'react';
import { mountContender } from '../shared/mount.tsx';
import '../shared/page.css';

const transport = new DefaultChatTransport({ api: '/api/chat' });

const textOf = (message: UIMessage): string =>
  message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

function App({ history }: { history: UIMessage[] }) {
  const { messages, sendMessage, status, stop } = useChat({ messages: history, transport });
  const [value, setValue] = useState('');
  const busy = status === 'submitted' || status === 'streaming';
  const items: BubbleItemType[] = messages.map((message, index) => {
    return {
      key: message.id,
      role: message.role === 'user' ? 'user' : 'ai',
      content: textOf(message),
      streaming: busy && index === messages.length - 1 && message.role === 'assistant',
    };
  });
  const role: BubbleListProps['role'] = {
    ai: {
      placement: 'start',
      typing: false,
      contentRender: (content, info) => (
        <XMarkdown content={String(content)} streaming={{ hasNextChunk: busy && info.key === messages.at(-1)?.id }} />
      ),
    },
    user: { placement: 'end' },
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ flex: 1, minHeight: 0 }}>
        <Bubble.List items={items} role={role} style={{ height: '100%' }} />
      </div>
      <Sender
        value={value}
        onChange={(next) => setValue(next)}
        loading={busy}
        onSubmit={(text) => {
          setValue('');
          void sendMessage({ text });
        }}
        onCancel={() => void stop()}
      />
    </div>
  );
}

mountContender((history) => <App history={history} />);
