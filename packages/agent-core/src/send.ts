import type { AgentUIMessage } from '@x/agent-protocol';
import type { ChatRequestOptions, FileUIPart, UIMessage, UITools } from 'ai';
import { isWaitingForUser } from './auto-continue.js';
import type { ChatSession } from './chat-session.js';
import { prepareBranchEdit, refreshBranches } from './branches.js';
import { toError } from './errors.js';
import { forgetNewConversation } from './new-conversations.js';
import { loadOlder } from './server-history.js';
import { queueOf } from './queue-hooks.js';
import { isBusy } from './session-reads.js';
import { stopRun } from './stop.js';
import type { OutgoingMessage, SendResult, UseAgentChatOptions } from './types.js';

/** What `send` needs from the controller. */
export interface SendGate<TOOLS extends UITools> {
  readonly options: UseAgentChatOptions<TOOLS>;
  /** True while an `onBeforeSend` check runs. */
  checking: boolean;
  isCurrent(session: ChatSession<TOOLS>): boolean;
}

/** `message` with the file parts of `edited` (the message an edit replaces), when it has any. */
function withKeptFiles(message: OutgoingMessage, edited: UIMessage | undefined): OutgoingMessage {
  const files = edited?.role === 'user' ? edited.parts.filter((part): part is FileUIPart => part.type === 'file') : [];
  return files.length > 0 ? { ...message, files } : message;
}

/**
 * `sendMessage` / `editMessage`: refuses empty and busy sends, runs `onBeforeSend` (one check at a
 * time), waits for the server's history, then sends (an edit stops a reply in progress first).
 */
export async function send<TOOLS extends UITools>(
  gate: SendGate<TOOLS>,
  session: ChatSession<TOOLS>,
  message: OutgoingMessage,
  kind: 'send' | 'edit',
  messageId: string | undefined,
  options: ChatRequestOptions | undefined,
): Promise<SendResult> {
  // An edit keeps the edited message's attachments unless the caller says which stay.
  if (kind === 'edit' && message.files === undefined) message = withKeptFiles(message, session.chat.messages.find((m) => m.id === messageId));
  const hasFiles = message.files !== undefined && message.files.length > 0;
  const data = message.data ?? [];
  if (!message.text?.trim() && !hasFiles && data.length === 0) return { sent: false, reason: 'empty' };
  // Data parts go in the parts form of `sendMessage`, where files must already be file parts.
  if (data.length > 0 && hasFiles && !Array.isArray(message.files)) return { sent: false, reason: 'cancelled', error: new TypeError('A message with data parts takes files as FileUIPart[].') };
  if (gate.checking) return { sent: false, reason: 'check-pending' };
  const chat = session.chat;
  // With the queue on, a send while a reply streams (or while messages wait) joins the queue.
  const queued = kind === 'send' && queueOf(gate.options) !== undefined && (isBusy(chat) || chat.experimental_queuedMessages.length > 0);
  if (kind === 'send' && isBusy(chat) && !queued) return { sent: false, reason: 'busy' };
  const before = gate.options.onBeforeSend;
  if (before) {
    gate.checking = true;
    try {
      const verdict = await before(message, {
        kind,
        ...(messageId ? { messageId } : {}),
        agentId: gate.options.agentId,
        conversationId: session.conversationId,
        messages: chat.messages as readonly AgentUIMessage<TOOLS>[],
      });
      if (verdict === false) return { sent: false, reason: 'cancelled' };
    } catch (error) {
      return { sent: false, reason: 'cancelled', error };
    } finally {
      gate.checking = false;
    }
  }
  if (session.historyLoad !== 'none') await session.historyReady;
  if (!gate.isCurrent(session) || session.disposed) return { sent: false, reason: 'conversation-changed' };
  let sendOptions = options;
  let replaces = messageId;
  if (kind === 'edit') {
    const previous = chat.messages.find((m) => m.id === messageId);
    if (!previous || previous.role !== 'user') return { sent: false, reason: 'not-found' };
    if (isBusy(chat) || session.reconnect) await stopRun(gate.options, session, 'edit');
    session.tracker.emit('onEditMessage', {
      messageId: messageId!,
      previous,
      text: message.text,
      conversationId: session.conversationId,
    });
    // With server history the edit is a new version beside the edited message: nothing is dropped.
    const branched = await prepareBranchEdit(session, messageId!, options, () => loadOlder(gate.options, session));
    if (branched) {
      sendOptions = branched;
      replaces = undefined;
    }
  }
  session.used = true;
  forgetNewConversation(session.conversationId);
  // The engine's queue holds a message sent while the last reply waits for the user (an approval, a
  // browser tool): sent on its own like that, it moves on from the approval and goes at once.
  const movesOn = !queued && isWaitingForUser(chat.messages);
  const queuedBefore = new Set(chat.experimental_queuedMessages.map((m) => m.id));
  const done = chat
    .sendMessage(
      (data.length > 0
        ? {
            parts: [...(message.text ? [{ type: 'text', text: message.text }] : []), ...((message.files as FileUIPart[] | undefined) ?? []), ...data],
            ...(message.metadata ? { metadata: message.metadata } : {}),
            ...(replaces ? { messageId: replaces } : {}),
          }
        : {
            text: message.text,
            ...(message.files ? { files: message.files } : {}),
            ...(message.metadata ? { metadata: message.metadata } : {}),
            ...(replaces ? { messageId: replaces } : {}),
          }) as Parameters<typeof chat.sendMessage>[0],
      sendOptions,
    )
    .then(async () => {
      const held = movesOn ? chat.experimental_queuedMessages.find((m) => !queuedBefore.has(m.id)) : undefined;
      if (held) await chat.experimental_sendQueuedMessageNow(held.id);
    })
    .then(
      () => (kind === 'edit' ? refreshBranches(gate.options, session) : undefined),
      (error: unknown) => session.tracker.error(toError(error)),
    );
  return queued ? { sent: true, queued: true, done } : { sent: true, done };
}
