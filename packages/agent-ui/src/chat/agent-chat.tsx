'use client';
// AgentChat is written as an app would write it: every import below is a documented export of the
// package (its root or a plug-in entry) — agent-chat-imports.test.ts checks it.
import { useAgentChat, useAgentEvents, type AgentToolCall } from '@x/agent-react';
import { useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import { AgentComposer } from '../composer/composer.js';
import { AgentUIProvider } from '../config.js';
import { pluginChatOptions } from '../plugins/plugin-chat-options.js';
import type { AgentChatPlugin } from '../plugins/plugin.js';
import { AgentMessageList, type AgentMessageListRef } from './agent-message-list.js';
import { AgentChatProvider } from './agent-chat-provider.js';
import { AgentChatPanel } from './agent-chat-panel.js';
import type { ToolRenderers, ToolTypes } from './message-context.js';
import type { AgentChatEvents, AgentChatProps, AgentChatRef } from './agent-chat-types.js';
import { AgentChatError } from './chat-error.js';
import { AgentWelcome } from './chat-welcome.js';
import { AgentReconnectingNotice } from './reconnecting-notice.js';
import { AgentChatDrawer } from './drawer-shell.js';
import { AgentSuggestions } from './suggestions.js';
import { TransitionMount } from './transition-mount.js';
import { preloadChatParts } from '../lazy/preload-on-demand.js';

export type {
  AgentChatComposerOptions,
  AgentChatDrawerOptions,
  AgentChatEvents,
  AgentChatMessageDisplay,
  AgentChatOptions,
  AgentChatProps,
  AgentChatRef,
  AgentChatUIOptions,
  AgentChatToolCall,
  AgentChatWelcome,
} from './agent-chat-types.js';

const NO_EVENTS: AgentChatEvents = {};
/** No plug-ins: the base chat (no queue either). */
const NO_PLUGINS: readonly AgentChatPlugin[] = [];

/** Under the last message: the reconnecting notice, the error with Retry, then the follow-up suggestions. */
const FOOTER = (
  <>
    <AgentReconnectingNotice />
    <AgentChatError />
    <AgentSuggestions />
  </>
);

/**
 * A complete agent chat on Ant Design X: streaming markdown, reasoning, tool calls, approvals,
 * sources, files, suggestions, feedback and message actions, Stop and Retry, inline or in a drawer.
 * While a reply streams only that message re-renders; the composer keeps its own state. Optional
 * features are plug-ins (`plugins`: the queue, attachments, dictation, branches, resumable runs,
 * live events, A2UI, MCP Apps), each from its own entry: a page pays only for those it passes.
 *
 * It is one composition of the kit's parts — `AgentChatPanel`, `AgentMessageList` with
 * `AgentWelcome`, `AgentReconnectingNotice`, `AgentChatError` and `AgentSuggestions`, then
 * `AgentComposer`, under an `AgentChatProvider` for the chat it creates with `useAgentChat`: an app
 * composing those parts gets the same behaviour.
 */
export function AgentChat<TOOLS extends ToolTypes = ToolTypes>({ ref: forwardedRef, ...typed }: AgentChatProps<TOOLS> & { ref?: Ref<AgentChatRef> }) {
  // The renderers are typed for the app's tools (`AgentChat<TOOLS>`); the parts below read them untyped
  // (tool types exist at compile time only: a typed renderer is comparable to an untyped one).
  const props: AgentChatProps = { ...typed, toolRenderers: typed.toolRenderers as ToolRenderers | undefined };
  const { welcome, display = 'inline', drawer, height, maxWidth, composer, className, style, plugins = NO_PLUGINS } = props;
  const { agentId, api, conversationId, sharedState, messages, chatOptions } = props;
  const { headers, credentials, fetch } = chatOptions ?? {};
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const answersToolCalls = !!props.onToolCall;
  // What the plug-ins need of the chat (the queue, resumable runs, live events); `chatOptions` wins.
  const fromPlugins = pluginChatOptions(plugins);
  const agent = useAgentChat({
    ...fromPlugins,
    ...chatOptions,
    agentId,
    api,
    conversationId,
    sharedState,
    messages,
    ...(answersToolCalls ? { onToolCall: (options) => answerToolCall(latest.current, options) } : {}),
    onBeforeSend: (message, context) => latest.current.onBeforeSend?.(message, context),
  });
  // The parts the messages show are fetched now: the view (and its provider, which would) mounts
  // after, in a transition, and its rows render late in it.
  useState(() => preloadChatParts(agent));
  const queue = !!(chatOptions?.queue ?? fromPlugins.queue);
  const listRef = useRef<AgentMessageListRef>(null);
  // `events` are the handlers (useAgentEvents reads the latest ones at each event); `onToolCall`
  // answers tool calls (above) rather than reporting them.
  useAgentEvents(agent, props.events ?? NO_EVENTS);

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

  // The plug-ins that call the server's routes (uploads, transcription, MCP Apps) default to the chat's.
  const connection = useMemo(() => ({ api, agentId, headers, credentials, fetch }), [api, agentId, headers, credentials, fetch]);
  const welcomeNode = useMemo(() => (welcome === false ? null : <AgentWelcome {...welcome} />), [welcome]);

  const chat = (
    <AgentChatProvider
      chat={agent}
      plugins={plugins}
      connection={connection}
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
      <AgentChatPanel className={className} style={style} height={display === 'drawer' ? '100%' : height} maxWidth={maxWidth}>
        <AgentMessageList ref={listRef} empty={welcomeNode} footer={FOOTER} loading={props.loading} />
        <AgentComposer
          placeholder={composer?.placeholder}
          submitType={composer?.submitType}
          // Not while the server's history loads: a message sent meanwhile waits for it, so nothing
          // typed is lost (the app's own `loading` still disables it).
          disabled={composer?.disabled || !!props.loading}
          autoFocus={composer?.autoFocus}
          queue={queue}
        />
      </AgentChatPanel>
    </AgentChatProvider>
  );

  // `ui` is AgentUIProvider's props, and how the chat reads out (the chat provider's) and colours itself.
  const { announceReplies: _announceReplies, accessibleColors, ...provider } = props.ui ?? {};
  // The provider is always rendered (never conditionally): a theme, locale or direction change must
  // not change the tree's shape, or everything below — the chat and its transcript — would remount.
  const view = (
    <AgentUIProvider {...provider} accessibleColors={accessibleColors !== false}>
      {display === 'drawer' ? <AgentChatDrawer {...drawer}>{chat}</AgentChatDrawer> : chat}
    </AgentUIProvider>
  );
  // A drawer's floating button is there from the first render (the chat mounts when it opens).
  if (display === 'drawer') return view;
  // Inline, the chat's state and handle exist from the first render and its view mounts in a
  // transition (the theme's tokens, the providers, the transcript: time-sliced), in a box of its size.
  const box = { height: height ?? '100%', maxWidth, ...(maxWidth ? { marginInline: 'auto', width: '100%' } : {}), ...style };
  // `data-xagent-chat-pending`: tests (Storybook play functions) wait for it to go.
  return <TransitionMount fallback={<div className={className} style={box} data-xagent-chat-pending="" />}>{view}</TransitionMount>;
}

/** Calls the app's `onToolCall` with the call and the chat's conversation. */
function answerToolCall(props: AgentChatProps, options: { toolCall: AgentToolCall }): unknown {
  return props.onToolCall?.({ toolCall: options.toolCall, conversationId: props.conversationId });
}
