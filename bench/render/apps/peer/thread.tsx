/**
 * The structure of assistant-ui's default (shadcn-style) Thread, written from its primitives:
 * Root > Viewport > Messages (user / assistant) > Parts (Text = MarkdownTextPrimitive with
 * remark-gfm, tools = a fallback card) + action bar, and the Composer (Input, Send / Cancel).
 * Left out: framer-motion entrance animations, tooltips, lucide icons and Tailwind classes (a
 * few plain CSS rules stand in), which do not change the streaming path.
 */
import {
  ActionBarPrimitive,
  ComposerPrimitive,
  MessagePrimitive,
  ThreadPrimitive,
  type ToolCallMessagePartComponent,
} from '@assistant-ui/react';
import { MarkdownTextPrimitive } from '@assistant-ui/react-markdown';
import { memo } from 'react';
import remarkGfm from 'remark-gfm';

const MarkdownText = memo(function MarkdownText() {
  return <MarkdownTextPrimitive remarkPlugins={[remarkGfm]} className="aui-md" />;
});

const ToolFallback: ToolCallMessagePartComponent = ({ toolName, argsText, result }) => (
  <div className="aui-tool">
    <div className="aui-tool-title">Used tool: {toolName}</div>
    <pre className="aui-tool-args">{argsText}</pre>
    {result !== undefined ? <pre className="aui-tool-result">{JSON.stringify(result, null, 2)}</pre> : null}
  </div>
);

function UserMessage() {
  return (
    <MessagePrimitive.Root className="aui-user-message" data-role="user">
      <div className="aui-user-message-content">
        <MessagePrimitive.Parts />
      </div>
    </MessagePrimitive.Root>
  );
}

function AssistantMessage() {
  return (
    <MessagePrimitive.Root className="aui-assistant-message" data-role="assistant">
      <div className="aui-assistant-message-content">
        <MessagePrimitive.Parts components={{ Text: MarkdownText, tools: { Fallback: ToolFallback } }} />
      </div>
      <ActionBarPrimitive.Root hideWhenRunning autohide="not-last" className="aui-action-bar">
        <ActionBarPrimitive.Copy>Copy</ActionBarPrimitive.Copy>
        <ActionBarPrimitive.Reload>Refresh</ActionBarPrimitive.Reload>
      </ActionBarPrimitive.Root>
    </MessagePrimitive.Root>
  );
}

export function Thread() {
  return (
    <ThreadPrimitive.Root className="aui-thread-root">
      <ThreadPrimitive.Viewport className="aui-thread-viewport">
        <ThreadPrimitive.Messages components={{ UserMessage, AssistantMessage }} />
      </ThreadPrimitive.Viewport>
      <ComposerPrimitive.Root className="aui-composer-root">
        <ComposerPrimitive.Input placeholder="Send a message..." className="aui-composer-input" rows={1} autoFocus />
        <ThreadPrimitive.If running={false}>
          <ComposerPrimitive.Send className="aui-composer-send">Send</ComposerPrimitive.Send>
        </ThreadPrimitive.If>
        <ThreadPrimitive.If running>
          <ComposerPrimitive.Cancel className="aui-composer-cancel">Stop</ComposerPrimitive.Cancel>
        </ThreadPrimitive.If>
      </ComposerPrimitive.Root>
    </ThreadPrimitive.Root>
  );
}
