'use client';
import { useContext, useEffect, useRef } from 'react';
import { useReplySpeech } from '../a11y/announcer.js';
import { useAgentUIConfig } from '../config.js';
import { replyEnd } from '../transcript/reply-end.js';
import { ApprovalContext, useChatContext } from './chat-context.js';

/**
 * Reads out, in the provider's polite live region, what a screen-reader user would otherwise miss:
 * a new approval request (with its tool), a reply that was stopped or interrupted, and an error —
 * each after the reply's own last words.
 * Renders nothing; each event is announced once, when it happens (not for loaded history).
 *
 * The reply's end and the error are followed with a store subscription, not React state: an
 * announcement is a DOM write in the live region (see `AnnouncerProvider`), so following them costs
 * no render and no commit of its own (a `useSyncExternalStore` read here would commit in the sync
 * lane, apart from the transcript's transition commit of the same frame).
 */
export function ChatAnnouncements() {
  const { chat } = useChatContext('ChatAnnouncements');
  const { strings } = useAgentUIConfig();
  // The reply's end is said after the reply's own last words (they are read when its text settles).
  const { sayAfter } = useReplySpeech();
  const approvals = useContext(ApprovalContext);

  const seenApprovals = useRef<Set<string> | null>(null);
  const pending = approvals?.pending;
  useEffect(() => {
    const ids = new Set((pending ?? []).map((approval) => approval.approvalId));
    const seen = seenApprovals.current;
    seenApprovals.current = ids;
    // The first render is the loaded state: only approvals that appear later are announced.
    if (!seen) return;
    const fresh = (pending ?? []).filter((approval) => !seen.has(approval.approvalId));
    // After the reply's own last words ("I will delete record 41."), which are read when its text
    // part settles: when the call and its request reach the page in the same read as the sentence's
    // end (a busy machine), the reply's effect of that commit runs after this one, and a request
    // said at once would be overwritten by the sentence before it is heard.
    if (fresh.length) sayAfter(fresh.map((approval) => strings.approvalAnnouncement(approval.toolName)).join(' '));
  }, [pending, sayAfter, strings]);

  const store = chat.store;
  // Kept across effect runs (a re-subscription, StrictMode's second run): an error is said once.
  const saidError = useRef<string | undefined>(undefined);
  useEffect(() => {
    const endOf = () => {
      const last = store.getSnapshot().messages.at(-1);
      return last ? `${last.id}:${replyEnd(last) ?? ''}` : '';
    };
    // The reply the chat holds now is the loaded state: only a reply ending later is announced.
    // An error is announced when it first shows, also one there already.
    let end = endOf();
    const followError = () => {
      const next = store.getSnapshot().error?.message;
      if (next === saidError.current) return;
      saidError.current = next;
      // After the reply's words that reached the page before it (read when its text settles).
      if (next) sayAfter(strings.errorAnnouncement(next));
    };
    followError();
    return store.subscribe(() => {
      const nextEnd = endOf();
      if (nextEnd !== end) {
        end = nextEnd;
        if (nextEnd.endsWith(':stopped')) sayAfter(strings.replyStopped);
        // A reply cut off by an error: the error's own announcement says more (and is not overwritten).
        else if (nextEnd.endsWith(':interrupted') && !store.getSnapshot().error) sayAfter(strings.replyInterrupted);
      }
      followError();
    });
  }, [store, sayAfter, strings]);
  return null;
}
