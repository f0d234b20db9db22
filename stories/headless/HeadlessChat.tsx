import {
  useAgentChat,
  useAgentEvents,
  useAgentMessage,
  useAgentMessageIds,
  useAgentStatus,
  useSharedState,
  useToolApproval,
  type UseAgentChatResult,
  type SharedState,
} from '@x/agent-react';
import { memo, useState, type FormEvent } from 'react';

/** One row: re-renders only when its own message changes. */
const MessageRow = memo(function MessageRow({ chat, id }: { chat: UseAgentChatResult; id: string }) {
  const message = useAgentMessage(chat, id);
  if (!message) return null;
  return (
    <li data-role={message.role}>
      <strong>{message.role === 'user' ? 'You' : 'Agent'}: </strong>
      {message.parts.map((part, i) => {
        if (part.type === 'text') return <span key={i}>{part.text}</span>;
        if (part.type.startsWith('tool-') || part.type === 'dynamic-tool') {
          const tool = part as { type: string; state: string; toolName?: string };
          return (
            <code key={i} data-tool-state={tool.state}>
              [{tool.toolName ?? tool.type.slice(5)}: {tool.state}]
            </code>
          );
        }
        return null;
      })}
      <button type="button" aria-label={`Delete message ${id}`} onClick={() => void chat.deleteMessage(id)}>
        ×
      </button>
    </li>
  );
});

/** The transcript: re-renders only when a message is added or removed. */
const Transcript = memo(function Transcript({ chat }: { chat: UseAgentChatResult }) {
  const ids = useAgentMessageIds(chat);
  return (
    <div role="log" aria-label="Conversation">
      <ol>
        {ids.map((id) => (
          <MessageRow key={id} chat={chat} id={id} />
        ))}
      </ol>
    </div>
  );
});

function Approvals({ chat }: { chat: UseAgentChatResult }) {
  const { pending, approve, deny } = useToolApproval(chat);
  if (pending.length === 0) return null;
  return (
    <section aria-label="Approvals">
      {pending.map((p) => (
        <div key={p.approvalId} role="group" aria-label={`Approve ${p.toolName}`}>
          <span>
            {p.toolName} {JSON.stringify(p.input)}
          </span>
          <button type="button" onClick={() => void approve(p.approvalId)}>
            Approve
          </button>
          <button type="button" onClick={() => void deny(p.approvalId, 'The user rejected it')}>
            Reject
          </button>
        </div>
      ))}
    </section>
  );
}

/** The composer keeps its text until the send is accepted; it re-renders on status changes only. */
const Composer = memo(function Composer({ chat }: { chat: UseAgentChatResult }) {
  const status = useAgentStatus(chat);
  const [text, setText] = useState('');
  const busy = status === 'submitted' || status === 'streaming';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await chat.sendMessage({ text });
    if (result.sent) setText('');
  };
  return (
    <form onSubmit={(e) => void submit(e)} data-status={status}>
      <label>
        Message <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      {busy ? (
        <button type="button" onClick={() => void chat.stop()}>
          Stop
        </button>
      ) : (
        <button type="submit">Send</button>
      )}
    </form>
  );
});

interface Profile extends Record<string, unknown> {
  name: string;
  email: string;
  company: string;
}

function ProfileForm({ shared }: { shared: SharedState<Profile> }) {
  return (
    <fieldset>
      <legend>Profile (shared with the agent)</legend>
      {(['name', 'email', 'company'] as const).map((key) => (
        <label key={key}>
          {key} <input value={shared.value[key]} onChange={(e) => shared.set(key, e.target.value)} />
        </label>
      ))}
      <button type="button" disabled={!shared.log.some((w) => w.source === 'agent' && !w.undoneBy)} onClick={() => {
        for (const w of shared.log) if (w.source === 'agent' && !w.undoneBy && w.turnId) shared.undoTurn(w.turnId);
      }}>
        Undo agent changes
      </button>
    </fieldset>
  );
}

/** A complete chat built from the hooks alone, with plain HTML elements. */
export function HeadlessChat({ agentId, withForm = false }: { agentId: string; withForm?: boolean }) {
  const [profile, setProfile] = useState<Profile>({ name: '', email: '', company: '' });
  const shared = useSharedState<Profile>({ value: profile, onChange: setProfile });
  const chat = useAgentChat({ agentId, ...(withForm ? { sharedState: shared } : {}) });
  const [events, setEvents] = useState<string[]>([]);
  const note = (line: string) => setEvents((e) => [...e, line]);
  useAgentEvents(chat, {
    onUserMessage: () => note('user message'),
    onToolCall: (e) => note(`tool call ${e.toolName}`),
    onToolResult: (e) => note(`tool result ${e.toolName}${e.denied ? ' (denied)' : e.errored ? ' (error)' : ''}`),
    onMessageComplete: (e) => note(`complete (${e.finishReason ?? 'unknown'}${e.aborted ? ', stopped' : ''})`),
  });
  return (
    <div style={{ display: 'grid', gap: 8, fontFamily: 'sans-serif' }}>
      {withForm ? <ProfileForm shared={shared} /> : null}
      <Transcript chat={chat} />
      <Approvals chat={chat} />
      <ErrorLine chat={chat} />
      <Composer chat={chat} />
      <details>
        <summary>Events</summary>
        <ul aria-label="Events">
          {events.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}

function ErrorLine({ chat }: { chat: UseAgentChatResult }) {
  useAgentStatus(chat);
  if (!chat.store.getSnapshot().error) return null;
  return (
    <p role="alert">
      {chat.store.getSnapshot().error!.message}{' '}
      <button type="button" onClick={() => void chat.regenerate()}>
        Retry
      </button>
    </p>
  );
}
