'use client';
import { useAgentChat, useAgentChatSelector, useAgentEvents, useAgentStatus, type AgentToolCall } from '@x/agent-react';
import { resumeRuns } from '@x/agent-react/resume';
import { liveEvents } from '@x/agent-react/live';
import { useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, type Ref } from 'react';
import { useReleaseFocusOnUnmount } from '../a11y/release-focus.js';
import { AgentComposer } from '../composer/composer.js';
import { QueuedMessages } from '../composer/queued-messages.js';
import { chatDictationOptions } from '../composer/dictation-options.js';
import { chatMcpAppsOptions, McpAppsContext } from '../mcp-app/mcp-apps-options.js';
import { chatAttachmentOptions } from '../composer/chat-attachment-options.js';
import { AccessibleTheme, AgentUIProvider, useAgentUIConfig, useTokenStyle } from '../config.js';
import { lazyComponent } from '../lazy/lazy-component.js';
import { loadOnDemand } from '../lazy/load-on-demand.js';
import { AgentMessageList, type AgentMessageListRef } from './agent-message-list.js';
import { AgentChatProvider } from './agent-chat-provider.js';
import type { ToolRenderers, ToolTypes } from './message-context.js';
import type { AgentChatEvents, AgentChatProps, AgentChatRef } from './agent-chat-types.js';
import { ChatError } from './chat-error.js';
import { ChatWelcome } from './chat-welcome.js';
import { ReconnectingNotice } from './reconnecting-notice.js';
import { DrawerShell } from './drawer-shell.js';
import { AgentSuggestions } from './suggestions.js';

export type {
  AgentChatComposerOptions,
  AgentChatDrawerOptions,
  AgentChatEvents,
  AgentChatMessageDisplay,
  AgentChatOptions,
  AgentChatProps,
  AgentChatRef,
  AgentChatUIOptions,
  ChatAttachmentOptions,
  AgentChatToolCall,
  AgentChatWelcome,
} from './agent-chat-types.js';

/** The skeleton of `loading`, in its own chunk; its container keeps the space meanwhile. */
const LoadingSkeleton = lazyComponent<object>(async () => (await loadOnDemand()).LoadingSkeleton, () => null);

const NO_EVENTS: AgentChatEvents = {};

/** Under the last message: the error with Retry, then the follow-up suggestions. */
const FOOTER = (
  <>
    <ReconnectingNotice />
    <ChatError />
    <AgentSuggestions />
  </>
);

/**
 * A complete agent chat on Ant Design X: streaming markdown, reasoning, tool calls, approvals,
 * sources, files, suggestions, feedback and message actions, inline or in a drawer. While a reply
 * streams only that message re-renders; the composer keeps its own state.
 *
 * It is the kit's parts (`AgentMessageList`, `AgentSuggestions`, `AgentComposer`, …) under an
 * `AgentChatProvider` for the chat it creates with `useAgentChat`: an app composing those parts
 * gets the same behaviour.
 */
export function AgentChat<TOOLS extends ToolTypes = ToolTypes>({ ref, ...props }: AgentChatProps<TOOLS> & { ref?: Ref<AgentChatRef> }) {
  const { theme, appearance, tokens, locale, catalogue, strings, antdLocale, direction, markdown, styles, accessibleColors } = props.ui ?? {};
  // The renderers are typed for the app's tools (`AgentChat<TOOLS>`); the parts below read them untyped
  // (tool types exist at compile time only: a typed renderer is comparable to an untyped one).
  const toolRenderers = props.toolRenderers as ToolRenderers | undefined;
  // The providers are always rendered (never conditionally): a theme, locale or direction change must
  // not change the tree's shape, or everything below — the chat and its transcript — would remount.
  return (
    <AgentUIProvider theme={theme} appearance={appearance} tokens={tokens} locale={locale} catalogue={catalogue} strings={strings} antdLocale={antdLocale} direction={direction} markdown={markdown} styles={styles}>
      <AccessibleTheme enabled={accessibleColors !== false}>
        <AgentChatBody {...props} toolRenderers={toolRenderers} forwardedRef={ref} />
      </AccessibleTheme>
    </AgentUIProvider>
  );
}

function AgentChatBody(props: AgentChatProps & { forwardedRef: Ref<AgentChatRef> | undefined }) {
  const { forwardedRef, welcome, display = 'inline', drawer, height, maxWidth, composer, className, style } = props;
  const { strings, direction } = useAgentUIConfig();
  const tokenStyle = useTokenStyle();
  const { agentId, api, conversationId, sharedState, messages, chatOptions } = props;
  const { headers, credentials, fetch } = chatOptions ?? {};
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const answersToolCalls = !!props.onToolCall;
  const agent = useAgentChat({
    ...chatOptions,
    // Resumable runs unless turned off (`chatOptions.resume: false`).
    resume: chatOptions?.resume ?? resumeRuns,
    // Live on every tab unless turned off (`chatOptions.live: false`): only a server that owns the history is followed.
    live: chatOptions?.live ?? liveEvents,
    agentId,
    api,
    conversationId,
    sharedState,
    messages,
    ...(answersToolCalls ? { onToolCall: (options) => answerToolCall(latest.current, options) } : {}),
    onBeforeSend: (message, context) => latest.current.onBeforeSend?.(message, context),
  });
  const listRef = useRef<AgentMessageListRef>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  useReleaseFocusOnUnmount(rootRef);
  // `events` are the handlers (useAgentEvents reads the latest ones at each event); `onToolCall`
  // answers tool calls (above) rather than reporting them.
  useAgentEvents(agent, props.events ?? NO_EVENTS);
  // Status only: this component does not re-render per streamed token.
  const status = useAgentStatus(agent);
  // The skeleton while the app says so, or while the server's history of the conversation loads.
  const loading = useAgentChatSelector(agent, (snapshot) => snapshot.historyStatus === 'loading') || !!props.loading;

  useImperativeHandle(
    forwardedRef,
    () => ({
      sendMessage: async (message) => {
        listRef.current?.scrollToBottom();
        await agent.sendMessage(typeof message === 'string' ? { text: message } : message);
      },
      regenerate: async (messageId) => agent.regenerate(messageId ? { messageId } : undefined),
      setMessages: (next) => agent.setMessages(next),
      clearMessages: () => void agent.clearMessages(),
      deleteMessage: (messageId) => void agent.deleteMessage(messageId),
      stop: () => agent.stop(),
      clearError: () => agent.clearError(),
      scrollToBottom: () => listRef.current?.scrollToBottom('smooth'),
    }),
    [agent],
  );

  const attachments = composer?.attachments;
  const uploadSetting = typeof attachments === 'object' ? attachments.upload : undefined;
  // An inline options object is new every render: its fields are the dependencies.
  const attachmentsKey = typeof attachments === 'object' ? `${attachments.accept}|${attachments.maxSize}|${attachments.maxCount}` : attachments;
  const uploadKey = typeof uploadSetting === 'object' ? `${uploadSetting.uploadApi}` : uploadSetting;
  const attachmentOptions = useMemo(
    () => (typeof attachments === 'object' ? chatAttachmentOptions(attachments, { api, agentId, headers, credentials, fetch }) : attachments),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [attachmentsKey, uploadKey, api, agentId, headers, credentials, fetch],
  );
  const dictation = composer?.dictation;
  const own = typeof dictation === 'object' ? dictation : undefined;
  const dictationOn = !!dictation;
  const dictationOptions = useMemo(
    () => chatDictationOptions(own ?? dictationOn, { api, agentId, headers, credentials, fetch }),
    // An inline options object is new every render: its fields are the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dictationOn, own?.transcribeApi, own?.mode, own?.lang, own?.maxDurationMs, own?.headers, own?.credentials, own?.fetch, api, agentId, headers, credentials, fetch],
  );
  const { mcpApps } = props;
  const mcpAppsOptions = useMemo(
    () => chatMcpAppsOptions(mcpApps, { api, agentId, headers, credentials, fetch }),
    // An inline options object is new every render: its fields are the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [mcpApps?.sandboxUrl, mcpApps?.resourceApi, mcpApps?.callApi, mcpApps?.initTimeoutMs, mcpApps?.headers, mcpApps?.credentials, mcpApps?.fetch, api, agentId, headers, credentials, fetch],
  );
  const welcomeNode = useMemo(() => (welcome === false ? null : <ChatWelcome welcome={welcome} />), [welcome]);

  // `autoFocus`: the composer takes the focus once, when it first shows enabled (after the history loaded).
  const autoFocused = useRef(false);
  const autoFocus = composer?.autoFocus;
  useEffect(() => {
    if (!autoFocus || autoFocused.current || loading) return;
    const textarea = rootRef.current?.querySelector('textarea');
    if (!textarea || textarea.disabled) return;
    autoFocused.current = true;
    textarea.focus({ preventScroll: true });
  }, [autoFocus, loading]);

  const chat = (
    <AgentChatProvider
      chat={agent}
      messageDisplay={props.messageDisplay}
      toolRenderers={props.toolRenderers}
      dataRenderers={props.dataRenderers}
      feedbackValues={props.feedbackValues}
      onFeedback={props.events?.onFeedback}
      suggestions={props.suggestions}
      onSuggestionClick={props.events?.onSuggestionClick}
      deleteUndoTimeout={props.messageDisplay?.deleteUndoTimeout}
      announceReplies={props.ui?.announceReplies}
    >
      <McpAppsContext.Provider value={mcpAppsOptions}>
      <div
        ref={rootRef}
        className={className}
        dir={direction}
        data-xagent-chat=""
        data-status={status}
        style={{
          ...tokenStyle,
          display: 'flex',
          flexDirection: 'column',
          gap: 12,
          height: display === 'drawer' ? '100%' : (height ?? '100%'),
          maxWidth,
          // Centred by auto margins, a flex or grid item would otherwise shrink to its content's width (a
          // long code line widened the chat past a 320 px screen in a flex column): it takes the row's width.
          ...(maxWidth ? { marginInline: 'auto', width: '100%', minWidth: 0 } : {}),
          position: 'relative',
          ...style,
        }}
      >
        {loading ? (
          <div style={{ flex: 1, padding: 16 }} aria-busy="true" aria-label={strings.loading} role="status">
            <LoadingSkeleton />
          </div>
        ) : (
          <AgentMessageList ref={listRef} empty={welcomeNode} footer={FOOTER} />
        )}
        <QueuedMessages />
        <AgentComposer
          placeholder={composer?.placeholder}
          submitType={composer?.submitType}
          // Not while the server's history loads: a message sent meanwhile waits for it, so nothing
          // typed is lost (the app's own `loading` still disables it).
          disabled={composer?.disabled || !!props.loading}
          attachments={attachmentOptions}
          dictation={dictationOptions}
        />
      </div>
      </McpAppsContext.Provider>
    </AgentChatProvider>
  );

  if (display !== 'drawer') return chat;
  return <DrawerShell options={drawer}>{chat}</DrawerShell>;
}

/** Calls the app's `onToolCall` with the call and the chat's conversation. */
function answerToolCall(props: AgentChatProps, options: { toolCall: AgentToolCall }): unknown {
  return props.onToolCall?.({ toolCall: options.toolCall, conversationId: props.conversationId });
}
