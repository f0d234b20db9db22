import { useAgentChatSelector, type AgentChatSnapshot } from '@x/agent-react';
import { forwardRef, memo, useContext } from 'react';
import { useAgentUIConfig } from '../config.js';
import { lazyComponent } from '../lazy/lazy-component.js';
import { loadOnDemand } from '../lazy/load-on-demand.js';
import { Transcript, type AgentMessageListProps, type AgentMessageListRef } from '../transcript/message-list.js';
import { AgentChatProvider } from './agent-chat-provider.js';
import { ChatContext } from './chat-context.js';
import { missingProvider } from './missing-provider.js';

export type { AgentMessageListProps, AgentMessageListRef } from '../transcript/message-list.js';

/** The skeleton of `loading`, in its own chunk; its container keeps the space meanwhile. */
const LoadingSkeleton = lazyComponent<object>(async () => (await loadOnDemand()).LoadingSkeleton, () => null);

const selectHistoryLoading = (snapshot: AgentChatSnapshot): boolean => snapshot.historyStatus === 'loading';

/** The transcript's place while `loading` or while the server's history loads. */
function TranscriptSkeleton() {
  const { strings } = useAgentUIConfig();
  return (
    <div style={{ flex: 1, padding: 16 }} aria-busy="true" aria-label={strings.loading} role="status">
      <LoadingSkeleton />
    </div>
  );
}

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
 * Those same history messages, except the newest 10, show their text plain until they come within
 * 1.5 viewports of the view, and parse their markdown then (in a transition): a row far above the
 * view costs one text node, and `content-visibility` lays nothing out before the parse.
 *
 * With server history, reaching the top of what is loaded fetches the page before it (`loadOlder`).
 * While the user is scrolled up, the message they read stays where it is on screen when rows are
 * added or change height above it. A second back at the bottom, the rows mounted on the way unmount
 * and the chat releases the older pages it fetched (`releaseOlder`): a long conversation read far
 * back does not stay in the DOM or in memory.
 *
 * While the server's history of the conversation loads (or while `loading`), a skeleton stands in.
 */
export const AgentMessageList = memo(
  forwardRef<AgentMessageListRef, AgentMessageListProps>(function AgentMessageList(props, ref) {
    const context = useContext(ChatContext);
    const chat = props.chat ?? context?.chat;
    if (!chat) throw missingProvider('AgentMessageList', 'a `chat`');
    const historyLoading = useAgentChatSelector(chat, selectHistoryLoading);
    const list = historyLoading || props.loading ? <TranscriptSkeleton /> : <Transcript {...props} chat={chat} ref={ref} />;
    // Given a chat and no provider, the list provides one itself (the chat shell's provider sits
    // above the transcript, so this wrapper lives in chat/, not in transcript/).
    return context ? list : <AgentChatProvider chat={chat}>{list}</AgentChatProvider>;
  }),
);
