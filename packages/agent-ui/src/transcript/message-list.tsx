'use client';
import { FocusRingStyle } from '../a11y/focus-ring.js';
import { useAgentChatSelector, useAgentMessageIds, useAgentStatus, type UseAgentChatResult, type AgentChatSnapshot } from '@x/agent-react';
import { ArrowUpOutlined } from '@ant-design/icons-svg';
import { Button } from 'antd';
import {
  forwardRef,
  memo,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { ApprovalContext, ChatContext, FeedbackContext, useMountingInTransition } from '../chat/chat-context.js';
import type { FeedbackValue } from '../chat/message-context.js';
import { BubbleFrameProvider, MessageBubble } from './message-bubble.js';
import { useAgentUIConfig, useTokenStyle } from '../config.js';
import { actionIcon } from '../buttons/action-icon.js';
import { useFollowBottom } from './follow-bottom.js';
import { useReleaseAtBottom } from './older-pages.js';
import { useReadingAnchor } from './reading-anchor.js';
import { useHistoryIds } from './history-ids.js';
import { MessageRow } from './message-row.js';
import { NearViewContext, useScrollNearView } from '../markdown/near-view.js';

/** Props of {@link AgentMessageList}. */
export interface AgentMessageListProps {
  /**
   * The chat from `useAgentChat`: the list subscribes to ids and status, each row to its message.
   * Default: the chat of the nearest `AgentChatProvider`. Given without a provider, the list
   * provides one itself (default message display, no renderers).
   */
  chat?: UseAgentChatResult;
  /** Feedback per message id (default: the provider's). */
  feedbackValues?: Readonly<Record<string, FeedbackValue | null | undefined>>;
  /**
   * Messages mounted at first (default 10: about a screenful; more mount at once when they do not
   * fill the view); older ones mount 40 at a time as the user scrolls up, or with "Show earlier".
   */
  initialRenderCount?: number;
  /** Content shown when there are no messages (welcome screen). */
  empty?: ReactNode;
  /** Content under the last message (error, suggestions). */
  footer?: ReactNode;
  /** Show a skeleton instead of the transcript (it shows by itself while the server's history loads). */
  loading?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** Imperative methods of {@link AgentMessageList}. */
export interface AgentMessageListRef {
  /** Scrolls to the newest message and follows new content again. */
  scrollToBottom: (behavior?: ScrollBehavior) => void;
  /** The scrolling element. */
  element: HTMLDivElement | null;
}

/** The role of the last message (a string: the selector result stays equal while a reply streams). */
const selectLastRole = (snapshot: AgentChatSnapshot): string | undefined => snapshot.messages.at(-1)?.role;
const selectHasOlder = (snapshot: AgentChatSnapshot): boolean => snapshot.hasOlder;
/** Older rows mounted at a time as the user scrolls up. */
const PAGE = 40;
/**
 * The rows of a long transcript mounted at first: enough to fill a viewport (a thread opens at its
 * newest messages; S4: a window of 40 mounted 4× the rows the view showed — 465 elements instead of
 * 225, 0.3 MB more heap). Also the first pass of a larger `initialRenderCount`.
 */
const FIRST_PAINT = 10;

const scrollStyle: CSSProperties = {
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  overflowAnchor: 'none',
  padding: 'var(--xagent-transcript-padding)',
};
const innerStyle: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 'var(--xagent-message-gap)' };
// Off-screen messages skip layout and paint; their last size is remembered.
const rowStyle: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 120px' };
const liveRowStyle: CSSProperties = {};
// One height for the button and the loading note: the view does not move when one replaces the other.
const topStyle: CSSProperties = { textAlign: 'center', minHeight: 24 };
/**
 * "Show earlier"'s arrow. Also: antd's Button without an icon mounts a hidden loading-icon motion
 * that commits again right after it mounts (the last commit of a long transcript's mount).
 */
const EARLIER_ICON = actionIcon(ArrowUpOutlined);

/**
 * The transcript of the nearest chat (`AgentMessageList` is it, under a provider of its own when
 * there is none above): how it renders is described there.
 */
export const Transcript = memo(
  forwardRef<AgentMessageListRef, AgentMessageListProps & { chat: UseAgentChatResult }>(function Transcript(
    { chat, feedbackValues: feedbackProp, initialRenderCount = FIRST_PAINT, empty, footer, className, style },
    ref,
  ) {
    const { strings } = useAgentUIConfig();
    // The kit tokens (bubbles, cards, gaps) on the transcript itself, so that a custom layout
    // without AgentChat's root element gets the same look.
    const tokenStyle = useTokenStyle();
    const context = useContext(ChatContext);
    const providedFeedback = useContext(FeedbackContext);
    const feedbackValues = feedbackProp ?? providedFeedback;
    const approvals = useContext(ApprovalContext);
    // The reply waits for the user's approval: Regenerate and feedback cannot apply yet.
    const awaitingApproval = (approvals?.pending.length ?? 0) > 0;
    const scrollRef = useRef<HTMLDivElement>(null);
    const innerRef = useRef<HTMLDivElement>(null);
    const topRef = useRef<HTMLDivElement>(null);
    const following = useRef(true);
    const [mounted, setMounted] = useState(initialRenderCount);
    const ids = useAgentMessageIds(chat);
    // How many of the newest rows may render, until the first full window is mounted (null: all).
    // Mounted by a TransitionMount's time-sliced first render, nothing paints early anyway: the first
    // window renders whole, in that one commit (S4: the second pass was the mount's last commit).
    const inTransitionMount = useMountingInTransition();
    // A first window no larger than the first pass renders whole at once.
    const firstCap = initialRenderCount > FIRST_PAINT ? FIRST_PAINT : null;
    const [cap, setCap] = useState<number | null>(() => (inTransitionMount ? null : firstCap));
    // A short transcript renders whole at once (derived during render: no extra commit).
    if (cap !== null && ids.length > 0 && ids.length <= cap) setCap(null);
    // Another chat (a conversation switch) starts over: its newest window (in two passes when
    // `initialRenderCount` is larger than the first pass).
    const [shownStore, setShownStore] = useState(chat.store);
    if (shownStore !== chat.store) {
      setShownStore(chat.store);
      setMounted(initialRenderCount);
      setCap(firstCap);
    }
    const historyIds = useHistoryIds(chat.store, ids);
    const status = useAgentStatus(chat);
    const busy = status === 'submitted' || status === 'streaming';

    const scrollToBottom = useCallback((behavior: ScrollBehavior = 'auto') => {
      following.current = true;
      const element = scrollRef.current;
      if (element) element.scrollTo({ top: element.scrollHeight, behavior });
    }, []);
    useImperativeHandle(ref, () => ({ scrollToBottom, get element() { return scrollRef.current; } }), [scrollToBottom]);

    // The provider's commands (send) scroll this transcript.
    useLayoutEffect(() => {
      const transcript = context?.transcript;
      if (!transcript) return;
      const handle = { scrollToBottom, focus: () => scrollRef.current?.focus({ preventScroll: true }) };
      transcript.current = handle;
      return () => {
        if (transcript.current === handle) transcript.current = null;
      };
    }, [context, scrollToBottom]);

    useFollowBottom(scrollRef, innerRef, following);
    useReadingAnchor(scrollRef, innerRef, following);
    // What is near the transcript's view (one observer rooted at its scroll container): rows of a
    // loaded history outside the first screenful parse their markdown when they come near (plain text
    // until then), and code blocks are highlighted while near — mount work and memory follow what is
    // seen, not the thread's length.
    const nearView = useScrollNearView(scrollRef);

    // A new message from the user always brings the view back to the bottom.
    // Only the last message's role, not the message: subscribing to the message would re-render the
    // whole list (and reconcile every row) on each streamed token.
    const lastRole = useAgentChatSelector(chat, selectLastRole);
    // A message the user just added (not one uncovered by regenerate/delete shrinking the list).
    const seenCount = useRef(ids.length);
    useLayoutEffect(() => {
      const before = seenCount.current;
      seenCount.current = ids.length;
      if (ids.length === 0) {
        // The welcome screen (or an empty transcript) opens at its top, not its bottom.
        following.current = false;
        if (scrollRef.current) scrollRef.current.scrollTop = 0;
      } else if (ids.length > before && (lastRole === 'user' || before === 0)) scrollToBottom();
    }, [ids.length, lastRole, scrollToBottom]);

    // Mount older messages when the top sentinel comes into view, keeping the view where it was;
    // once every loaded message is mounted, fetch the server's page before them (server history):
    // it goes in front unmounted, so the view stays on the message the user was reading, and the
    // sentinel (still in view) mounts it next.
    const hidden = Math.max(0, ids.length - mounted);
    const hasOlder = useAgentChatSelector(chat, selectHasOlder);
    const [loadingOlder, setLoadingOlder] = useState(false);
    // The transcript length at a fetch that added nothing (an error, shown by the chat): no retry
    // loop while the sentinel stays in view; a change of the transcript allows the next try.
    const [failedAt, setFailedAt] = useState<number | null>(null);
    const inFlight = useRef(false);
    const loadOlder = useCallback(() => {
      if (inFlight.current) return;
      inFlight.current = true;
      setLoadingOlder(true);
      const length = chat.store.getSnapshot().messages.length;
      void chat
        .loadOlder()
        .then((added) => setFailedAt(added ? null : length))
        .finally(() => {
          inFlight.current = false;
          setLoadingOlder(false);
        });
    }, [chat]);
    const canFetchOlder = hasOlder && failedAt !== ids.length;
    // The rows mount above the view; `useReadingAnchor` keeps the message read where it was.
    const showEarlier = useCallback(() => {
      setCap(null);
      setMounted((count) => count + PAGE);
    }, []);
    useEffect(() => {
      const sentinel = topRef.current;
      if (!sentinel || (hidden === 0 && !canFetchOlder)) return;
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting) || following.current) return;
        if (hidden > 0) showEarlier();
        else if (canFetchOlder) loadOlder();
      }, { root: scrollRef.current, rootMargin: '400px 0px 0px 0px' });
      observer.observe(sentinel);
      return () => observer.disconnect();
    }, [hidden, canFetchOlder, showEarlier, loadOlder]);

    // A first window that does not fill the view (short messages) leaves nothing to scroll up with:
    // the next rows mount before the first paint, until the view is full or every row is mounted.
    // Only in a laid-out transcript (a hidden one, or a test without layout, has no height to fill).
    useLayoutEffect(() => {
      const element = scrollRef.current;
      if (!element || hidden === 0 || cap !== null || element.clientHeight === 0) return;
      if (element.scrollHeight <= element.clientHeight) showEarlier();
    }, [hidden, cap, showEarlier]);

    // Back at the bottom after reading far back: the rows mounted on the way unmount, and the chat
    // lets go of the older pages it fetched (never while a reply is in progress); scrolling up
    // mounts and fetches them again.
    const busyRef = useRef(busy);
    useEffect(() => {
      busyRef.current = busy;
    }, [busy]);
    // Busy in the last committed render.
    const committedBusy = useRef(busy);
    useEffect(() => {
      committedBusy.current = busy;
    });
    // This turn's reply is live while the turn runs and in the update that ends it (a reply that
    // reached the page whole shows first in that one). A reply running when the transcript mounts
    // (resumed on load) is live too: the page reads the reply it shows, from its first word.
    const turnLive = busy || committedBusy.current;
    useReleaseAtBottom(scrollRef, useCallback(() => {
      if (busyRef.current) return false;
      chat.releaseOlder();
      setMounted(initialRenderCount);
      return true;
    }, [chat, initialRenderCount]));

    // The rest of the first window mounts after the first paint, in a transition. Rows are added
    // above the view: while following, the ResizeObserver keeps the bottom in view; otherwise
    // `useReadingAnchor` keeps the message read in place.
    useEffect(() => {
      if (cap === null || ids.length <= cap) return;
      startTransition(() => setCap(null));
    }, [cap, ids.length]);

    const start = cap === null ? hidden : Math.max(hidden, ids.length - cap);
    const visible = start ? ids.slice(start) : ids;
    const lastIndex = ids.length - 1;
    const lastIsAssistant = lastRole === 'assistant';

    return (
      <div
        ref={scrollRef}
        role="log"
        aria-live="off"
        aria-label={strings.conversation}
        aria-busy={busy}
        tabIndex={0}
        className={className}
        style={{ ...tokenStyle, ...scrollStyle, ...style }}
        data-xagent-transcript=""
      >
        <NearViewContext.Provider value={nearView}>
          <BubbleFrameProvider>
            <div ref={innerRef} style={innerStyle}>
              <FocusRingStyle />
              {hidden || hasOlder ? (
                <div ref={topRef} style={topStyle} data-xagent-older="">
                  {hidden ? (
                    <Button size="small" icon={EARLIER_ICON} onClick={showEarlier}>
                      {strings.earlierMessages(hidden)}
                    </Button>
                  ) : loadingOlder ? (
                    <span role="status">{strings.loading}</span>
                  ) : null}
                </div>
              ) : null}
              {ids.length === 0 ? empty : null}
              {visible.map((id, offset) => {
                const index = start + offset;
                const isLast = index === lastIndex;
                return (
                  <MessageRow
                    key={id}
                    chat={chat}
                    id={id}
                    streaming={isLast && lastIsAssistant && status === 'streaming'}
                    live={isLast && lastIsAssistant && turnLive}
                    canRegenerate={isLast && lastIsAssistant && !busy && !awaitingApproval}
                    awaitingApproval={isLast && awaitingApproval}
                    feedback={feedbackValues?.[id]}
                    deferActions={historyIds.has(id)}
                    nearViewport={historyIds.has(id) && index < ids.length - FIRST_PAINT ? nearView : null}
                    style={isLast ? liveRowStyle : rowStyle}
                  />
                );
              })}
              {status === 'submitted' && lastRole !== 'assistant' ? (
                <div aria-label={strings.thinking} role="status">
                  <MessageBubble content="" loading placement="start" variant="borderless" />
                </div>
              ) : null}
              {footer}
            </div>
          </BubbleFrameProvider>
        </NearViewContext.Provider>
      </div>
    );
  }),
);
