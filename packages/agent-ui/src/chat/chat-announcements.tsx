'use client';
import { useAgentChatSelector, useAgentError } from '@x/agent-react';
import { useContext, useEffect, useRef } from 'react';
import { useAnnounce } from '../a11y/announcer.js';
import { useAgentUIConfig } from '../config.js';
import { replyEnd } from '../transcript/reply-end.js';
import { ApprovalContext, useChatContext } from './chat-context.js';

/**
 * Reads out, in the provider's polite live region, what a screen-reader user would otherwise miss:
 * a new approval request (with its tool), a reply that was stopped or interrupted, and an error.
 * Renders nothing; each event is announced once, when it happens (not for loaded history).
 */
export function ChatAnnouncements() {
  const { chat } = useChatContext('ChatAnnouncements');
  const { strings } = useAgentUIConfig();
  const say = useAnnounce();
  const approvals = useContext(ApprovalContext);
  const error = useAgentError(chat);
  const lastEnd = useAgentChatSelector(chat, (snapshot) => {
    const last = snapshot.messages.at(-1);
    return last ? `${last.id}:${replyEnd(last) ?? ''}` : '';
  });

  const seenApprovals = useRef<Set<string> | null>(null);
  const pending = approvals?.pending;
  useEffect(() => {
    const ids = new Set((pending ?? []).map((approval) => approval.approvalId));
    const seen = seenApprovals.current;
    seenApprovals.current = ids;
    // The first render is the loaded state: only approvals that appear later are announced.
    if (!seen) return;
    const fresh = (pending ?? []).filter((approval) => !seen.has(approval.approvalId));
    if (fresh.length) say(fresh.map((approval) => strings.approvalAnnouncement(approval.toolName)).join(' '));
  }, [pending, say, strings]);

  const previousEnd = useRef<string | null>(null);
  useEffect(() => {
    const before = previousEnd.current;
    previousEnd.current = lastEnd;
    if (before === null || before === lastEnd) return;
    if (lastEnd.endsWith(':stopped')) say(strings.replyStopped);
    else if (lastEnd.endsWith(':interrupted')) say(strings.replyInterrupted);
  }, [lastEnd, say, strings]);

  const errorMessage = error?.message;
  const seenError = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (errorMessage && errorMessage !== seenError.current) say(strings.errorAnnouncement(errorMessage));
    seenError.current = errorMessage;
  }, [errorMessage, say, strings]);
  return null;
}
