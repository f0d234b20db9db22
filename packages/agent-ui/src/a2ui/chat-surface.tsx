'use client';
import { A2UI_ACTION_PART, a2uiSurfacesOf, type A2UISurfaceData, type A2UIToolOutput, type A2UIUserAction } from '@x/agent-protocol/a2ui';
import { ConfigProvider, theme } from 'antd';
import { useCallback, useContext } from 'react';
import { useAgentChatSelector } from '@x/agent-react';
import { ChatContext, type ChatContextValue } from '../chat/chat-context.js';
import { useAgentUIConfig } from '../config.js';
import { A2UISurface } from './a2ui-surface.js';
import { actionValueText } from './action-summary.js';

/** Props of {@link A2UIChatSurface}. */
export interface A2UIChatSurfaceProps {
  /** `data-a2ui` data: the surface's messages. */
  data: A2UISurfaceData;
  /** The assistant message it is in: once a later user message exists, the surface takes no input. */
  messageId: string;
}

/**
 * A `data-a2ui` part in the chat: the surface, whose actions are sent as the user's next turn (a
 * `data-a2ui-action` part, which the server gives the model as text).
 */
export function A2UIChatSurface({ data, messageId }: A2UIChatSurfaceProps) {
  const context = useContext(ChatContext);
  if (!context) return <A2UISurface messages={data.messages} surfaceId={data.surfaceId} disabled />;
  return <ChatSurface data={data} messageId={messageId} context={context} />;
}

function ChatSurface({ data, messageId, context }: A2UIChatSurfaceProps & { context: ChatContextValue }) {
  // Re-renders only when whether a user message follows this one changes.
  const answered = useAgentChatSelector(context.chat, (snapshot) => {
    const index = snapshot.messages.findIndex((m) => m.id === messageId);
    return index >= 0 && snapshot.messages.slice(index + 1).some((m) => m.role === 'user');
  });
  const send = context.send;
  const onAction = useCallback((action: A2UIUserAction) => send({ text: '', data: [{ type: A2UI_ACTION_PART, data: action }] }), [send]);
  return <A2UISurface messages={data.messages} surfaceId={data.surfaceId} onAction={onAction} disabled={answered} />;
}

/** A tool result that carries surfaces (`a2uiSurface()` of `@x/agent-server`): each one in the chat. */
export function A2UIToolSurfaces({ output, messageId }: { output: A2UIToolOutput; messageId: string }) {
  return (
    <>
      {a2uiSurfacesOf(output.a2ui_operations).map((data) => (
        <A2UIChatSurface key={data.surfaceId} data={data} messageId={messageId} />
      ))}
    </>
  );
}

/** A user message's `data-a2ui-action` part: what the user sent from a surface, as one quiet line. */
export function A2UIActionSummary({ data }: { data: unknown }) {
  const { token } = theme.useToken();
  // The list format of the kit's language in scope (its catalogue's tag), else antd's, else the browser's.
  const kitLocale = useAgentUIConfig().strings.locale;
  const antdLocale = useContext(ConfigProvider.ConfigContext).locale?.locale;
  const locale = kitLocale ?? antdLocale ?? (typeof navigator === 'undefined' ? undefined : navigator.language);
  const action = data as Partial<A2UIUserAction> | undefined;
  const name = typeof action?.name === 'string' ? action.name : '';
  const context = action?.context && typeof action.context === 'object' ? Object.entries(action.context).slice(0, 12) : [];
  return (
    <div data-a2ui-action={name} style={{ fontSize: token.fontSizeSM }}>
      <strong>{name}</strong>
      {context.length > 0 ? ` · ${context.map(([key, value]) => `${key}: ${actionValueText(value, locale)}`).join(' · ')}` : null}
    </div>
  );
}
