'use client';
import { useAgentChatSelector, useAgentMessageIds, useAgentStatus, type AgentChat, type AgentChatSnapshot, type AgentUIMessage } from '@x/agent-react';
import { Button } from 'antd';
import {
  forwardRef,
  memo,
  startTransition,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { AgentMessage } from './agent-message.js';
import { userInputWithin, watchUserInput } from './input-recency.js';
import { Bubble } from '../antdx.js';
import { useAgentUIConfig } from '../config.js';
import type { FeedbackValue } from '../chat/message-context.js';

/** Props of {@link AgentMessageList}. */
export interface AgentMessageListProps {
  /** The chat from `useAgentChat`: the list subscribes to ids and status, each row to its message. */
  chat: AgentChat;
  /** Feedback per message id. */
  feedbackValues?: Readonly<Record<string, FeedbackValue | null | undefined>>;
  /** Messages mounted at first; older ones mount as the user scrolls up (default 40). */
  initialRenderCount?: number;
  /** Content shown when there are no messages (welcome screen). */
  empty?: ReactNode;
  /** Content under the last message (error, suggestions). */
  footer?: ReactNode;
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

const BOTTOM_SLACK = 48;

/** The role of the last message (a string: the selector result stays equal while a reply streams). */
const selectLastRole = (snapshot: AgentChatSnapshot): string | undefined => snapshot.messages.at(-1)?.role;
const PAGE = 40;
/** Rows rendered in the first (synchronous) pass of a long transcript: enough to fill a viewport. */
const FIRST_PAINT = 10;
/** The newest messages of a loaded history keep their action toolbars at mount. */
const EAGER_ACTIONS = 4;

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

/**
 * The transcript: a `role="log"` whose streaming text is not announced token by token (finished
 * blocks are announced through the polite announcer instead). Follows new content while the user
 * is at the bottom and stays put when they scrolled up. Long transcripts mount only the newest
 * messages and add older ones as the user scrolls up; mounted rows use `content-visibility: auto`.
 *
 * Mount is split so that no single task renders the whole window: the first pass renders the
 * newest 10 rows (enough to fill the viewport), the rest of the initial window follows in a
 * transition (time-sliced, and preempted by input). Messages of a loaded history, except the
 * newest few, render their action toolbar on demand (pointer over or focus in the message; see
 * `AgentMessage`'s `deferActions`); messages that arrive while the list is shown get theirs at once.
 */
export const AgentMessageList = memo(
  forwardRef<AgentMessageListRef, AgentMessageListProps>(function AgentMessageList(
    { chat, feedbackValues, initialRenderCount = PAGE, empty, footer, className, style },
    ref,
  ) {
    const { strings } = useAgentUIConfig();
    const scrollRef = useRef<HTMLDivElement>(null);
    const innerRef = useRef<HTMLDivElement>(null);
    const topRef = useRef<HTMLDivElement>(null);
    const following = useRef(true);
    const [mounted, setMounted] = useState(initialRenderCount);
    const ids = useAgentMessageIds(chat);
    // How many of the newest rows may render, until the first full window is mounted (null: all).
    const [cap, setCap] = useState<number | null>(() => Math.min(FIRST_PAINT, initialRenderCount));
    // A short transcript renders whole at once (derived during render: no extra commit).
    if (cap !== null && ids.length > 0 && ids.length <= cap) setCap(null);
    // Another chat (a conversation switch) starts over: its newest window, in two passes.
    const [shownStore, setShownStore] = useState(chat.store);
    if (shownStore !== chat.store) {
      setShownStore(chat.store);
      setMounted(initialRenderCount);
      setCap(Math.min(FIRST_PAINT, initialRenderCount));
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

    // Follow new content while the user is at the bottom.
    useEffect(() => {
      const element = scrollRef.current;
      const inner = innerRef.current;
      if (!element || !inner) return;
      // Only the user moving up stops following. A scroll event can arrive after new content was
      // laid out but before the ResizeObserver below caught up: judging "at the bottom" then would
      // drop following on growth the user never scrolled away from (seen when suggestions appear).
      let lastTop = element.scrollTop;
      const onScroll = () => {
        const top = element.scrollTop;
        if (element.scrollHeight - top - element.clientHeight <= BOTTOM_SLACK) following.current = true;
        else if (top < lastTop - 1) following.current = false;
        lastTop = top;
      };
      element.addEventListener('scroll', onScroll, { passive: true });
      const observer = new ResizeObserver(() => {
        if (!following.current) return;
        element.scrollTop = element.scrollHeight;
        lastTop = element.scrollTop;
      });
      observer.observe(inner);
      return () => {
        element.removeEventListener('scroll', onScroll);
        observer.disconnect();
      };
    }, []);

    // A new message from the user always brings the view back to the bottom.
    // Only the last message's role, not the message: subscribing to the message would re-render the
    // whole list (and reconcile every row) on each streamed token.
    const lastRole = useAgentChatSelector(chat, selectLastRole);
    // A message the user just added (not one uncovered by regenerate/delete shrinking the list).
    const seenCount = useRef(ids.length);
    useLayoutEffect(() => {
      const grew = ids.length > seenCount.current;
      seenCount.current = ids.length;
      if (grew && lastRole === 'user') scrollToBottom();
    }, [ids.length, lastRole, scrollToBottom]);

    // Mount older messages when the top sentinel comes into view, keeping the view where it was.
    const hidden = Math.max(0, ids.length - mounted);
    const showEarlier = useCallback(() => {
      const element = scrollRef.current;
      const before = element ? element.scrollHeight - element.scrollTop : 0;
      setCap(null);
      setMounted((count) => count + PAGE);
      requestAnimationFrame(() => {
        if (element) element.scrollTop = element.scrollHeight - before;
      });
    }, []);
    useEffect(() => {
      const sentinel = topRef.current;
      if (!sentinel || hidden === 0) return;
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !following.current) showEarlier();
      }, { root: scrollRef.current, rootMargin: '400px 0px 0px 0px' });
      observer.observe(sentinel);
      return () => observer.disconnect();
    }, [hidden, showEarlier]);

    // The rest of the first window mounts after the first paint, in a transition. Rows are added
    // above the view: while following, the ResizeObserver keeps the bottom in view; otherwise the
    // distance from the bottom is kept.
    const restoreFromBottom = useRef<number | null>(null);
    useEffect(() => {
      if (cap === null || ids.length <= cap) return;
      const element = scrollRef.current;
      restoreFromBottom.current = element ? element.scrollHeight - element.scrollTop : null;
      startTransition(() => setCap(null));
    }, [cap, ids.length]);
    useLayoutEffect(() => {
      const element = scrollRef.current;
      const fromBottom = restoreFromBottom.current;
      if (cap !== null || fromBottom === null || !element) return;
      restoreFromBottom.current = null;
      if (!following.current) element.scrollTop = element.scrollHeight - fromBottom;
    }, [cap]);

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
        style={style ? { ...scrollStyle, ...style } : scrollStyle}
        data-xagent-transcript=""
      >
        <div ref={innerRef} style={innerStyle}>
          {hidden ? (
            <div ref={topRef} style={{ textAlign: 'center' }}>
              <Button size="small" onClick={showEarlier}>
                {strings.earlierMessages(hidden)}
              </Button>
            </div>
          ) : null}
          {ids.length === 0 ? empty : null}
          {visible.map((id, offset) => {
            const isLast = start + offset === lastIndex;
            return (
              <MessageRow
                key={id}
                chat={chat}
                id={id}
                streaming={isLast && lastIsAssistant && status === 'streaming'}
                canRegenerate={isLast && lastIsAssistant && !busy}
                feedback={feedbackValues?.[id] ?? null}
                deferActions={historyIds.has(id)}
                style={isLast ? liveRowStyle : rowStyle}
              />
            );
          })}
          {status === 'submitted' && lastRole !== 'assistant' ? (
            <div aria-label={strings.thinking} role="status">
              <Bubble content="" loading placement="start" variant="borderless" />
            </div>
          ) : null}
          {footer}
        </div>
      </div>
    );
  }),
);

/** How long after a key or pointer press streaming updates keep rendering in a transition. */
const INPUT_RECENT_MS = 1000;

/**
 * The message of one row. Each row subscribes to its own message only, so other rows do not
 * re-render while one streams. How a streamed update renders depends on the user:
 *
 * - while they type or click (a key press other than Tab, Escape or a modifier, or a pointer
 *   press, in the last second, with no Enter since: Enter sends), in a transition: the
 *   markdown work of each published frame is interruptible, so a keystroke in the composer (an
 *   urgent update) is handled first instead of waiting for the frame's parse. One render and one
 *   commit per published frame (no urgent pass with stale text first, as `useDeferredValue` would
 *   add); a frame still rendering when the next one is published finishes first;
 * - otherwise synchronously, right after the publish (as `useSyncExternalStore` would): the text is
 *   painted in the frame it was published in.
 *
 * Updates outside streaming render at once. The row always renders the latest published message:
 * the stream's last text is on screen as soon as the stream ends, because the list re-renders the
 * row (no longer streaming) synchronously with the status change.
 */
function useRowMessage(chat: AgentChat, id: string, streaming: boolean): AgentUIMessage | undefined {
  const store = chat.store;
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const message = store.getMessage(id);
  const rendered = useRef(message);
  const deferUpdates = useRef(streaming);
  useLayoutEffect(() => {
    rendered.current = message;
    deferUpdates.current = streaming;
  });
  useLayoutEffect(() => {
    watchUserInput();
    let queued = false;
    let disposed = false;
    const renderNow = () => {
      queued = false;
      if (!disposed && store.getMessage(id) !== rendered.current) flushSync(rerender);
    };
    const onChange = () => {
      if (store.getMessage(id) === rendered.current) return;
      if (deferUpdates.current && userInputWithin(INPUT_RECENT_MS)) startTransition(rerender);
      else if (!queued) {
        // After the publishing task's current call stack (never inside a React render or commit).
        queued = true;
        queueMicrotask(renderNow);
      }
    };
    const unsubscribe = store.subscribeMessage(id, onChange);
    // A publish between this render and the subscription is not lost.
    onChange();
    return () => {
      unsubscribe();
      disposed = true;
    };
  }, [store, id]);
  return message;
}

/** One row: its message (see {@link useRowMessage}) in an {@link AgentMessage}. */
const MessageRow = memo(function MessageRow({
  chat,
  id,
  streaming,
  canRegenerate,
  feedback,
  deferActions,
  style,
}: {
  chat: AgentChat;
  id: string;
  streaming: boolean;
  canRegenerate: boolean;
  feedback: FeedbackValue | null;
  deferActions: boolean;
  style: CSSProperties;
}) {
  const message = useRowMessage(chat, id, streaming);
  if (!message) return null;
  return <AgentMessage message={message} streaming={streaming} canRegenerate={canRegenerate} feedback={feedback} deferActions={deferActions} style={style} />;
});

/**
 * The ids of messages that came as a loaded history (many at once), except the newest few: their
 * rows render action toolbars on demand. Messages added one at a time (a live conversation) are not
 * in it. Starts over for another chat store.
 */
function useHistoryIds(store: AgentChat['store'], ids: readonly string[]): ReadonlySet<string> {
  const [state, setState] = useState(() => nextHistoryIds(undefined, store, ids));
  if (state.store === store && state.ids === ids) return state.history;
  // Derived state: updated during render when the ids change (no extra commit).
  const next = nextHistoryIds(state, store, ids);
  setState(next);
  return next.history;
}

interface HistoryIds {
  store: unknown;
  ids: readonly string[];
  known: ReadonlySet<string>;
  history: ReadonlySet<string>;
}

function nextHistoryIds(previous: HistoryIds | undefined, store: unknown, ids: readonly string[]): HistoryIds {
  const base = previous && previous.store === store ? previous : { known: new Set<string>(), history: new Set<string>() };
  const fresh = ids.filter((id) => !base.known.has(id));
  if (fresh.length === 0) return { store, ids, known: base.known, history: base.history };
  const known = new Set([...base.known, ...fresh]);
  const history = fresh.length > EAGER_ACTIONS ? new Set([...base.history, ...fresh.slice(0, -EAGER_ACTIONS)]) : base.history;
  return { store, ids, known, history };
}
