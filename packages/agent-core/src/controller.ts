import type { AgentUIMessage } from '@x/agent-protocol';
import type { UITools } from 'ai';
import { EventHub } from './events.js';
import { createHandle, type TrackedSlices } from './handle.js';
import { sanitizeHistory } from './history.js';
import type { ChatSession } from './chat-session.js';
import { attachSession, createSession, type SessionHost } from './session.js';
import { loadServerHistory } from './server-history.js';
import { resumeOf } from './resume-hooks.js';
import type { UseAgentChatOptions, UseAgentChatResult } from './types.js';
import type { StopReason } from './events.js';

/**
 * The framework-free core of `useAgentChat`: keeps the latest options (read at send time), opens one
 * session per conversation, runs the `onBeforeSend` gate and the handle's methods. A view layer
 * (the hook) decides when a conversation opens, shows (`attach`) and goes.
 */
export class AgentChatController<TOOLS extends UITools = UITools> {
  options: UseAgentChatOptions<TOOLS>;
  readonly events = new EventHub<AgentUIMessage<TOOLS>>();
  readonly tracked: TrackedSlices = { messages: false, status: false, error: false, history: false };
  checking = false;
  private current: ChatSession<TOOLS> | undefined;

  constructor(options: UseAgentChatOptions<TOOLS>) {
    this.options = options;
  }

  /** Stores the latest options: every send reads them. */
  setOptions(options: UseAgentChatOptions<TOOLS>): void {
    this.options = options;
    this.current?.store.setThrottle(options.throttle ?? 'frame');
  }

  /** Opens the session of a conversation; it becomes the current one. */
  open(options: UseAgentChatOptions<TOOLS> = this.options): ChatSession<TOOLS> {
    const read = () => this.options;
    const host: SessionHost<TOOLS> = {
      get options() {
        return read();
      },
      events: this.events,
      createHandle: (session) => createHandle(this, session),
    };
    this.current = createSession(host, options);
    return this.current;
  }

  /** True for the session of the conversation shown now. */
  isCurrent(session: ChatSession<TOOLS>): boolean {
    return this.current === session;
  }

  /**
   * Shows a session: events fire from its transcript and its server history loads (once). Returns
   * how to stop showing it (which stops its reply, for `reason`).
   */
  attach(session: ChatSession<TOOLS>): (reason: StopReason) => void {
    const latest = () => this.options;
    const detach = attachSession(session, latest);
    if (session.historyLoad === 'pending') void openServerHistory(session, latest);
    return detach;
  }

  /**
   * Loads a `messages` option passed after the conversation started (history that arrived
   * asynchronously), as long as nothing was sent in it yet.
   */
  adoptHistory(session: ChatSession<TOOLS>, messages: AgentUIMessage<TOOLS>[] | undefined): void {
    if (!messages || messages === session.loadedFrom || session.used || session.chat.status !== 'ready') return;
    session.loadedFrom = messages;
    const history = sanitizeHistory(messages);
    session.tracker.markHistory(history);
    session.chat.messages = history;
  }

  /** The handle of the current session (opening one for the options if there is none). */
  get handle(): UseAgentChatResult<TOOLS> {
    return (this.current ?? this.open()).handle;
  }
}

/** Loads the server's history, then re-attaches to the conversation's active run if it has one. */
async function openServerHistory<TOOLS extends UITools>(session: ChatSession<TOOLS>, options: () => UseAgentChatOptions<TOOLS>): Promise<void> {
  const activeRunId = await loadServerHistory(options(), session);
  resumeOf(options())?.resumeOnMount(options, session, activeRunId);
}
