'use client';
import { CloseOutlined, MessageOutlined } from '@ant-design/icons';
import {
  useAgentChat,
  useAgentChatSelector,
  useAgentError,
  useAgentEvents,
  useAgentStatus,
  type AgentEventHandlers,
  type AgentUIMessage,
  type OutgoingMessage,
  type UseAgentChatOptions,
} from '@x/agent-react';
import { SUGGESTIONS_PART } from '@x/agent-protocol';
import { Button, theme } from 'antd';
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { AnnouncerProvider } from '../a11y/announcer.js';
import type { ChatDrawerProps } from './chat-drawer.js';
import type { ErrorAlertProps } from './error-alert.js';
import { lazyComponent } from '../lazy/lazy-component.js';
import { Think, ThoughtChain } from '../antdx.js';
import { WelcomeHeader } from './welcome-header.js';
import { AgentComposer, type ComposerAttachmentOptions } from '../composer/composer.js';
import { AccessibleTheme, AgentUIProvider, useAgentUIConfig, useTokenStyle, type AgentUIProviderProps } from '../config.js';
import {
  MessageContextProvider,
  type DataPartRendererProps,
  type FeedbackValue,
  type MessageContextValue,
  type MessageDisplayOptions,
  type MessageHandlers,
  type ToolRenderers,
} from './message-context.js';
import { AgentMessageList, type AgentMessageListRef } from '../transcript/message-list.js';
import { messageText } from '../transcript/agent-message.js';
import { useReleaseFocusOnUnmount } from '../a11y/release-focus.js';
import { PromptList, type PromptItem } from './prompt-list.js';

/** Events of the chat: every handler of `useAgentEvents` (each fires once per id, never for history). */
export type AgentChatEvents = AgentEventHandlers<AgentUIMessage>;

/** The welcome screen shown while the transcript is empty. */
export interface AgentChatWelcome {
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Level of the title's heading (default 2): pick the one that fits your page's outline. */
  headingLevel?: 1 | 2 | 3 | 4 | 5;
  /** Prompts that send on click. */
  prompts?: readonly PromptItem[];
}

/** Composer settings. */
export interface AgentChatSenderOptions {
  placeholder?: string;
  /** `enter` (default) or `shiftEnter`. */
  submitType?: 'enter' | 'shiftEnter';
  /** Attachments from the picker, paste and drop, refused visibly when `accept`/`maxSize` fail. */
  attachments?: ComposerAttachmentOptions | boolean;
  disabled?: boolean;
}

/** Drawer display settings. */
export interface AgentChatDrawerOptions {
  /** Controlled open state. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  title?: ReactNode;
  /** Drawer width (default 420). */
  width?: number | string;
  placement?: 'left' | 'right';
  /** Show a floating button that opens the drawer (default true). */
  trigger?: boolean;
}

/** Methods available through `ref`. They behave like the matching buttons. */
export interface AgentChatRef {
  sendMessage: (message: OutgoingMessage | string) => Promise<void>;
  regenerate: (messageId?: string) => Promise<void>;
  setMessages: (messages: AgentUIMessage[]) => void;
  clearMessages: () => void;
  deleteMessage: (messageId: string) => void;
  stop: () => Promise<void>;
  clearError: () => void;
  scrollToBottom: () => void;
}

/** Props of {@link AgentChat}. */
export interface AgentChatProps extends Omit<UseAgentChatOptions, 'onBeforeSend' | 'onToolCall'>, AgentChatEvents, Omit<AgentUIProviderProps, 'children'> {
  welcome?: AgentChatWelcome | false;
  /** Follow-up prompts; the last `data-suggestions` part of the transcript overrides them. Hidden while busy. */
  suggestions?: readonly PromptItem[];
  /** `inline` (default) or in a drawer. */
  display?: 'inline' | 'drawer';
  drawer?: AgentChatDrawerOptions;
  /** Height of the inline chat (default 100%). */
  height?: CSSProperties['height'];
  /** Largest width of the transcript and composer (centred). */
  maxWidth?: CSSProperties['maxWidth'];
  /** Show a skeleton instead of the transcript (e.g. while history loads). */
  loading?: boolean;
  sender?: AgentChatSenderOptions;
  messageDisplay?: MessageDisplayOptions;
  /** A component per tool name (generative UI), rendered instead of the default tool card. */
  toolRenderers?: ToolRenderers;
  /** A component per custom data part name (without `data-`). */
  dataRenderers?: Record<string, ComponentType<DataPartRendererProps>>;
  /** Feedback per message id (controlled). */
  feedbackValues?: Readonly<Record<string, FeedbackValue | null | undefined>>;
  /** Like / dislike clicked (`value: null` when clicked again to clear). */
  onFeedback?: (event: { messageId: string; value: FeedbackValue | null; message: AgentUIMessage | undefined }) => void;
  /**
   * Browser tools (`useAgentChat`'s `onToolCall`): return the output of a call the browser answers,
   * or `undefined` to leave it. (`onToolCall` is the event that reports every call.)
   */
  onBrowserToolCall?: UseAgentChatOptions['onToolCall'];
  /** Runs before a message is sent; return `false` (or throw) to cancel — the text stays in the composer. */
  onBeforeSend?: UseAgentChatOptions['onBeforeSend'];
  /** A suggestion or welcome prompt was clicked (it is sent right after). */
  onSuggestionClick?: (text: string) => void;
  /**
   * Raise the contrast of the theme's secondary text, error and primary colors inside the chat
   * when they miss WCAG AA (default true; antd's default palette does).
   */
  accessibleColors?: boolean;
  className?: string;
  style?: CSSProperties;
}

// Parts not needed for the first paint of an inline chat, each in its own chunk.
/** The drawer and its floating button (`display="drawer"` only); a look-alike button meanwhile. */
const ChatDrawer = lazyComponent<ChatDrawerProps>(async () => (await import('./chat-drawer.js')).ChatDrawer, (props) => <DrawerTriggerPlaceholder {...props} />);
/** The error alert; loaded while the first request runs, so it is normally there before an error. */
const ErrorAlert = lazyComponent<ErrorAlertProps>(async () => (await import('./error-alert.js')).ErrorAlert, (props) => <ErrorAlertPlaceholder {...props} />);
/** The skeleton of `loading`; its container keeps the space meanwhile. */
const LoadingSkeleton = lazyComponent<object>(async () => (await import('./loading-skeleton.js')).LoadingSkeleton, () => null);

/**
 * The floating button before the drawer's code is there: antd FloatButton's place, size and colours,
 * the same name; a click opens the drawer as soon as it arrives.
 */
function DrawerTriggerPlaceholder({ options, open, setOpen }: ChatDrawerProps) {
  const { strings } = useAgentUIConfig();
  const { token } = theme.useToken();
  if (options.trigger === false || open) return null;
  return (
    <button
      type="button"
      aria-label={strings.openChat}
      onClick={() => setOpen(true)}
      style={{
        position: 'fixed',
        zIndex: token.zIndexPopupBase,
        insetInlineEnd: token.marginLG,
        bottom: token.marginXXL,
        width: token.controlHeightLG,
        height: token.controlHeightLG,
        borderRadius: '50%',
        border: 'none',
        padding: 0,
        cursor: 'pointer',
        background: token.colorPrimary,
        color: token.colorTextLightSolid,
        boxShadow: token.boxShadowSecondary,
        fontSize: token.fontSizeIcon * 1.5,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <MessageOutlined />
    </button>
  );
}

/** The drawer's open state, owned here so that it survives the drawer's chunk arriving. */
function DrawerShell({ options = {}, children }: { options?: AgentChatDrawerOptions; children: ReactNode }) {
  const [ownOpen, setOwnOpen] = useState(options.defaultOpen ?? false);
  const open = options.open ?? ownOpen;
  const latestOptions = useRef(options);
  useLayoutEffect(() => {
    latestOptions.current = options;
  });
  const setOpen = useCallback((next: boolean) => {
    if (latestOptions.current.open === undefined) setOwnOpen(next);
    latestOptions.current.onOpenChange?.(next);
  }, []);
  return (
    <ChatDrawer options={options} open={open} setOpen={setOpen}>
      {children}
    </ChatDrawer>
  );
}

/** The error with its actions, in the alert's box, for the moments before the alert's code is there. */
function ErrorAlertPlaceholder({ message, onRetry, onDismiss }: ErrorAlertProps) {
  const { strings } = useAgentUIConfig();
  const { token } = theme.useToken();
  return (
    <div
      role="alert"
      style={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: token.marginSM,
        padding: `${token.paddingMD}px ${token.paddingContentHorizontalLG}px`,
        background: token.colorErrorBg,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorErrorBorder}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
      }}
    >
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontSize: token.fontSizeLG, marginBottom: token.marginXS }}>{strings.errorTitle}</div>
        <div>{message}</div>
      </div>
      <Button size="small" onClick={onRetry}>
        {strings.retry}
      </Button>
      <Button type="text" size="small" icon={<CloseOutlined />} aria-label={strings.dismiss} onClick={onDismiss} />
    </div>
  );
}

/** Runs `task` when the browser is idle (soon after the first paint); returns a cancel function. */
function whenIdle(task: () => void): () => void {
  const w = globalThis as { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(task, { timeout: 2000 });
    return () => w.cancelIdleCallback?.(id);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

function shallowEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((key) => {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    return x === y || (Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((v, i) => v === y[i]));
  });
}

/** `value`, or the previous value while they are shallowly equal (inline objects keep their identity). */
function useShallowStable<T>(value: T): T {
  const [stable, setStable] = useState(value);
  if (!shallowEqual(stable, value)) {
    setStable(value);
    return value;
  }
  return stable;
}

function sameStrings(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return a === b || (!!a && !!b && a.length === b.length && a.every((x, i) => x === b[i]));
}

function lastSuggestions(messages: readonly AgentUIMessage[]): string[] | undefined {
  const last = messages.findLast((message) => message.role === 'assistant');
  if (!last) return undefined;
  const part = last.parts.findLast((p) => p.type === SUGGESTIONS_PART) as { data?: { items?: unknown } } | undefined;
  const items = part?.data?.items;
  return Array.isArray(items) ? items.filter((item): item is string => typeof item === 'string') : undefined;
}

const EMPTY_FEEDBACK: Readonly<Record<string, FeedbackValue | null>> = {};

/**
 * A complete agent chat on Ant Design X: streaming markdown, reasoning, tool calls, approvals,
 * sources, files, suggestions, feedback and message actions, inline or in a drawer. While a reply
 * streams only that message re-renders; the composer keeps its own state.
 */
export const AgentChat = forwardRef<AgentChatRef, AgentChatProps>(function AgentChat(props, ref) {
  const { theme, appearance, tokens, locale, antdLocale, direction } = props;
  // The providers are always rendered (never conditionally): a theme, locale or direction change must
  // not change the tree's shape, or everything below — the chat and its transcript — would remount.
  return (
    <AgentUIProvider theme={theme} appearance={appearance} tokens={tokens} locale={locale} antdLocale={antdLocale} direction={direction}>
      <AccessibleTheme enabled={props.accessibleColors !== false}>
        <AgentChatBody {...props} forwardedRef={ref} />
      </AccessibleTheme>
    </AgentUIProvider>
  );
});

function AgentChatBody(props: AgentChatProps & { forwardedRef: React.ForwardedRef<AgentChatRef> }) {
  const {
    forwardedRef,
    welcome,
    suggestions,
    display = 'inline',
    drawer,
    height,
    maxWidth,
    loading,
    sender,
    messageDisplay,
    toolRenderers,
    dataRenderers,
    feedbackValues,
    className,
    style,
  } = props;
  const { strings, direction } = useAgentUIConfig();
  const tokenStyle = useTokenStyle();
  const {
    agentId,
    api,
    conversationId,
    sharedState,
    urlQuery,
    pageId,
    messages,
    headers,
    credentials,
    fetch,
    throttle,
    onBrowserToolCall,
  } = props;
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const agent = useAgentChat({
    agentId,
    api,
    conversationId,
    sharedState,
    urlQuery,
    pageId,
    messages,
    headers,
    credentials,
    fetch,
    throttle,
    ...(onBrowserToolCall ? { onToolCall: onBrowserToolCall } : {}),
    onBeforeSend: (message, context) => latest.current.onBeforeSend?.(message, context),
  });
  const listRef = useRef<AgentMessageListRef>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  useReleaseFocusOnUnmount(rootRef);
  // The props are the handlers: useAgentEvents reads the latest ones at each event.
  useAgentEvents(agent, props);
  // Status and error only: this component does not re-render per streamed token.
  const status = useAgentStatus(agent);
  const error = useAgentError(agent);
  const hasMessages = useAgentChatSelector(agent, (snapshot) => snapshot.messages.length > 0);
  const fromStream = useAgentChatSelector(agent, (snapshot) => lastSuggestions(snapshot.messages), sameStrings);
  const busy = status === 'submitted' || status === 'streaming';

  // Uncontrolled feedback when `feedbackValues` is not given.
  const [ownFeedback, setOwnFeedback] = useState<Record<string, FeedbackValue | null>>({});
  const feedback = feedbackValues ?? (Object.keys(ownFeedback).length ? ownFeedback : EMPTY_FEEDBACK);

  const send = useCallback(
    async (message: OutgoingMessage): Promise<boolean> => {
      listRef.current?.scrollToBottom();
      const result = await agent.sendMessage(message);
      return result.sent;
    },
    [agent],
  );
  const stop = useCallback(() => void agent.stop(), [agent]);
  const regenerate = useCallback((messageId?: string) => agent.regenerate(messageId ? { messageId } : undefined), [agent]);
  const sendPrompt = useCallback(
    (text: string) => {
      latest.current.onSuggestionClick?.(text);
      void send({ text });
    },
    [send],
  );

  const handlers = useMemo<MessageHandlers>(
    () => ({
      copy: (message) => void navigator.clipboard?.writeText(messageText(message)).catch(() => {}),
      edit: (messageId, text) => void agent.editMessage(messageId, text),
      delete: (messageId) => void agent.deleteMessage(messageId),
      regenerate: (messageId) => void regenerate(messageId),
      feedback: (messageId, value) => {
        if (!latest.current.feedbackValues) setOwnFeedback((current) => ({ ...current, [messageId]: value }));
        latest.current.onFeedback?.({ messageId, value, message: agent.store.getMessage(messageId) });
      },
      approve: (approvalId, reason) => void agent.addToolApprovalResponse({ id: approvalId, approved: true, ...(reason ? { reason } : {}) }),
      deny: (approvalId, reason) => void agent.addToolApprovalResponse({ id: approvalId, approved: false, ...(reason ? { reason } : {}) }),
      addToolOutput: (toolName, toolCallId, output) => void agent.addToolOutput({ tool: toolName as never, toolCallId, output: output as never }),
    }),
    [agent, regenerate],
  );
  const stableDisplay = useShallowStable(messageDisplay ?? {});
  const stableToolRenderers = useShallowStable(toolRenderers);
  const stableDataRenderers = useShallowStable(dataRenderers);
  const messageContext = useMemo<MessageContextValue>(
    () => ({ display: stableDisplay, toolRenderers: stableToolRenderers, dataRenderers: stableDataRenderers, handlers }),
    [stableDisplay, stableToolRenderers, stableDataRenderers, handlers],
  );

  useImperativeHandle(
    forwardedRef,
    () => ({
      sendMessage: async (message) => {
        await send(typeof message === 'string' ? { text: message } : message);
      },
      regenerate: async (messageId) => regenerate(messageId),
      setMessages: (next) => agent.setMessages(next),
      clearMessages: () => void agent.clearMessages(),
      deleteMessage: (messageId) => void agent.deleteMessage(messageId),
      stop: () => agent.stop(),
      clearError: () => agent.clearError(),
      scrollToBottom: () => listRef.current?.scrollToBottom('smooth'),
    }),
    [agent, send, regenerate],
  );

  const stableSuggestions = useShallowStable(fromStream ?? (suggestions ? [...suggestions] : undefined));
  const attachments = sender?.attachments;
  const attachmentOptions = useMemo(
    () => (typeof attachments === 'object' ? { ...attachments } : attachments),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [typeof attachments === 'object' ? `${attachments.accept}|${attachments.maxSize}|${attachments.maxCount}` : attachments],
  );

  const welcomeNode = useMemo(
    () =>
      welcome === false ? null : (
        <div data-xagent-welcome="" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          {welcome?.title || welcome?.description || welcome?.icon ? (
            <WelcomeHeader icon={welcome.icon} title={welcome.title} description={welcome.description} headingLevel={welcome.headingLevel} />
          ) : null}
          {welcome?.prompts?.length ? <PromptList items={welcome.prompts} onSelect={sendPrompt} label={strings.suggestions} vertical /> : null}
        </div>
      ),
    [welcome, sendPrompt, strings.suggestions],
  );

  // Reasoning and tool cards come with replies: fetch their code once the first paint is done.
  useEffect(() => whenIdle(() => void Promise.all([Think.preload(), ThoughtChain.Item.preload()]).catch(() => {})), []);
  // Errors follow requests: fetch the alert's code when the first one starts.
  const requested = status !== 'ready' || !!error;
  useEffect(() => {
    if (requested) void ErrorAlert.preload().catch(() => {});
  }, [requested]);
  const errorNode = error ? <ErrorAlert message={error.message} onRetry={() => void regenerate()} onDismiss={() => agent.clearError()} /> : null;
  const suggestionNode =
    !busy && !error && stableSuggestions?.length && hasMessages ? (
      <PromptList items={stableSuggestions} onSelect={sendPrompt} label={strings.suggestions} />
    ) : null;
  const footer = errorNode || suggestionNode ? (
    <>
      {errorNode}
      {suggestionNode}
    </>
  ) : null;

  const chat = (
    <MessageContextProvider value={messageContext}>
      <AnnouncerProvider>
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
            marginInline: maxWidth ? 'auto' : undefined,
            position: 'relative',
            ...style,
          }}
        >
          {loading ? (
            <div style={{ flex: 1, padding: 16 }} aria-busy="true" aria-label={strings.loading} role="status">
              <LoadingSkeleton />
            </div>
          ) : (
            <AgentMessageList
              ref={listRef}
              chat={agent}
              feedbackValues={feedback}
              empty={welcomeNode}
              footer={footer}
            />
          )}
          <AgentComposer
            busy={busy}
            onSend={send}
            onStop={stop}
            placeholder={sender?.placeholder}
            submitType={sender?.submitType}
            disabled={sender?.disabled || loading}
            attachments={attachmentOptions}
          />
        </div>
      </AnnouncerProvider>
    </MessageContextProvider>
  );

  if (display !== 'drawer') return chat;
  return <DrawerShell options={drawer}>{chat}</DrawerShell>;
}
