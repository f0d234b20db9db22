import type { AgentUIMessage } from '@x/agent-protocol';
import type { UITools } from 'ai';
import type { AgentCoreChat } from './chat.js';
import type { ChatStore } from './chat-store.js';
import type { EventTracker } from './events.js';
import type { RunCursor } from './run-cursor.js';
import type { UseAgentChatResult } from './types.js';


/** Who keeps a conversation's history: the server (with a store) or the browser. */
export type HistoryOwner = 'server' | 'client';

/** One conversation: its chat, store, event tracker and the handle `useAgentChat` returns. */
export interface ChatSession<TOOLS extends UITools = UITools> {
  readonly conversationId: string | undefined;
  readonly chat: AgentCoreChat<AgentUIMessage<TOOLS>>;
  readonly store: ChatStore<AgentUIMessage<TOOLS>>;
  readonly tracker: EventTracker<AgentUIMessage<TOOLS>>;
  readonly handle: UseAgentChatResult<TOOLS>;
  /** Tool calls answered in the browser (they, unlike server tools, make the chat continue). */
  readonly answeredByClient: Set<string>;
  /** Keys of the sharedState the latest request exposed: the allowlist of `update-page-state`. */
  exposedKeys: string[] | undefined;
  /** The `messages` option the transcript was loaded from. */
  loadedFrom: AgentUIMessage<TOOLS>[] | undefined;
  /** True once something was sent in this conversation (later `messages` options are then ignored). */
  used: boolean;
  /** True once the session was detached (no view shows it): it no longer continues by itself. */
  disposed: boolean;
  /** Who owns the history (decided by the first load; `client` until then). */
  historyOwner: HistoryOwner;
  /** Whether the server's history still has to be loaded when the session is first attached. */
  historyLoad: 'none' | 'pending' | 'started';
  /** Settles once the history is known (loaded, or not the server's): sends wait for it. */
  readonly historyReady: Promise<void>;
  markHistoryReady(): void;
  /** Cursor of the page before the first loaded message (server history). */
  prevCursor: string | null;
  /** The run the kit's transport streams and where in it the chat is (undefined with an own transport). */
  readonly run: RunCursor | undefined;
  /** The re-attach loop while a dropped connection to a running reply is restored. */
  reconnect: Reconnect | undefined;
  /** True while a re-attach request runs. */
  resuming: boolean;
  /** The queue's saves to the server, one after the other (the latest list wins); set by the first. */
  queueSave?: Promise<void>;
  /**
   * True when the last save found no conversation (404): a brand-new conversation exists on the
   * server only once its first turn began. The queue waits in the browser and is saved again when
   * a reply streams or ends (`followQueue`).
   */
  queueUnsaved?: boolean;
  /** True while a queue kept from before a reload is taken in (it is not saved back). */
  restoringQueue?: boolean;
  /** What the last turn request asked: a new message (`submit-message`) or a new reply (`regenerate-message`). */
  lastTrigger?: 'submit-message' | 'regenerate-message' | undefined;
}

/** The re-attach loop of a session whose connection dropped mid-reply. */
export interface Reconnect {
  attempt: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Waiting for the browser's `online` event. */
  waitingOnline: boolean;
  /** When the attempts began (or the browser came back online): the loop gives up after a while. */
  since: number;
}
