'use client';
import type { RemoteAgentProgress } from '@x/agent-protocol/remote-agents';
import { Button, Input, theme } from 'antd';
import { useContext, useEffect, useId, useState } from 'react';
import { useAnnounce } from '../a11y/announcer.js';
import { ChatContext, focusChat } from '../chat/chat-context.js';
import { missingProvider } from '../chat/missing-provider.js';
import { useAgentUIConfig } from '../config.js';
import { cardStyle } from './card-style.js';
import { WaitingStatus } from './waiting-status.js';
import { OnDemandRules } from '../lazy/on-demand-rules.js';

/** Props of {@link RemoteAgentQuestion}. */
export interface RemoteAgentQuestionProps {
  /** The tool call whose remote task asks. */
  toolCallId: string;
  progress: RemoteAgentProgress;
  /**
   * Sends the answer; resolves whether the server took it (default: the `AgentChatProvider`'s
   * `answerRemoteAgent`, `POST {api}/{agentId}/remote-agent-answer`).
   */
  onAnswer?: (toolCallId: string, answer: string) => Promise<boolean>;
}

/**
 * A remote A2A agent's question (`input-required`) as a card in the chat, like an approval card
 * with a text answer: its title names the agent, the question and what to do describe it, and the
 * answer field sends on Enter (Shift+Enter adds a line) or with the button — all by keyboard. The
 * answer continues the same remote task; the card shows "Answer sent" until the agent goes on.
 */
export function RemoteAgentQuestion({ toolCallId, progress, onAnswer: answerProp }: RemoteAgentQuestionProps) {
  const { strings } = useAgentUIConfig();
  const chatContext = useContext(ChatContext);
  if (!answerProp && !chatContext) throw missingProvider('RemoteAgentQuestion', '`onAnswer`');
  const onAnswer = answerProp ?? ((id: string, answer: string) => chatContext!.chat.answerRemoteAgent(id, answer));
  const [answer, setAnswer] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const titleId = useId();
  const statusId = useId();
  // Said once, when the question appears, in the provider's polite live region.
  const say = useAnnounce();
  const announcement = strings.remoteAgentAnnouncement(progress.agent, progress.question ?? '');
  useEffect(() => say(announcement), [say, announcement]);
  const questionId = useId();
  const send = async () => {
    const text = answer.trim();
    if (!text || sending || sent) return;
    setSending(true);
    const ok = await onAnswer(toolCallId, text);
    setSending(false);
    setSent(ok);
    if (ok) focusChat(chatContext);
  };
  return (
    <section
      style={{ ...cardStyle, marginTop: 8 }}
      aria-labelledby={titleId}
      aria-describedby={`${questionId} ${statusId}`}
      data-xagent-remote-question={progress.agent}
      data-state={sent ? 'sent' : 'waiting'}
    >
      <OnDemandRules />
      <div id={titleId} style={{ fontWeight: 600 }}>
        {strings.remoteAgentQuestion(progress.agent)}
      </div>
      <div id={questionId} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {progress.question}
      </div>
      {sent ? (
        <div id={statusId} role="status" data-xagent-remote-answer="sent">
          {strings.remoteAgentSent}
        </div>
      ) : (
        <>
          <WaitingStatus id={statusId} label={strings.remoteAgentWaiting} instructions={strings.remoteAgentInstructions(progress.agent)} />
          <form
            style={{ marginTop: 8, display: 'flex', gap: 8, alignItems: 'flex-end' }}
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <Input.TextArea
              aria-label={strings.remoteAgentAnswerLabel(progress.agent)}
              value={answer}
              disabled={sending}
              onChange={(event) => setAnswer(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  void send();
                }
              }}
              autoSize={{ minRows: 1, maxRows: 6 }}
              maxLength={10_000}
            />
            <Button htmlType="submit" type="primary" loading={sending} disabled={!answer.trim()}>
              {strings.remoteAgentSend}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}

/**
 * A remote agent's nested run under its tool card: what the agent says it is doing (its latest
 * status), the text of its artifacts so far, and, while its task waits for the user, the question card.
 */
export function RemoteAgentRun({ toolCallId, progress, preliminary, onAnswer }: RemoteAgentQuestionProps & { preliminary: boolean }) {
  const { strings } = useAgentUIConfig();
  const { token } = theme.useToken();
  const asking = preliminary && progress.state === 'input-required' && progress.question !== undefined;
  const status = progress.status || (preliminary ? strings.remoteAgentWorking(progress.agent) : '');
  return (
    <div data-xagent-remote-agent={progress.agent} data-state={progress.state} style={{ borderInlineStart: `2px solid ${token.colorBorderSecondary}`, paddingInlineStart: 8, marginTop: 4 }}>
      {status && !asking ? (
        <div style={{ color: token.colorTextSecondary }} data-xagent-remote-status="">
          {status}
        </div>
      ) : null}
      {progress.text ? (
        <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-xagent-remote-text="">
          {progress.text}
        </div>
      ) : null}
      {progress.files.length > 0 ? (
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {progress.files.map((file, i) => (
            <li key={i} data-xagent-remote-file="">
              {file.name} ({file.mediaType})
            </li>
          ))}
        </ul>
      ) : null}
      {asking ? <RemoteAgentQuestion toolCallId={toolCallId} progress={progress} {...(onAnswer ? { onAnswer } : {})} /> : null}
    </div>
  );
}
