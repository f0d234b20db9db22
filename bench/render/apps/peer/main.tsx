/**
 * Peer: @assistant-ui/react 0.15.21 + @assistant-ui/react-ai-sdk (`useChatRuntime` over AI SDK 7's
 * useChat, default options) + the default Thread structure with @assistant-ui/react-markdown.
 */
import { AssistantRuntimeProvider } from '@assistant-ui/react';
import { AssistantChatTransport, useChatRuntime } from '@assistant-ui/react-ai-sdk';
import type { UIMessage } from 'ai';
import { mountContender } from '../shared/mount.tsx';
import { Thread } from './thread.tsx';
import '../shared/page.css';
import './peer.css';

function App({ history }: { history: UIMessage[] }) {
  const runtime = useChatRuntime({ transport: new AssistantChatTransport({ api: '/api/chat' }), messages: history });
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <Thread />
    </AssistantRuntimeProvider>
  );
}

mountContender((history) => <App history={history} />);
