import type { AgentMessageMetadata, AgentUIMessage } from '@x/agent-protocol';
import type { FeedbackValue } from '@x/agent-protocol/routes';
import type {
  ChatAddToolOutputFunction,
  ChatOnToolCallCallback,
  ChatRequestOptions,
  ChatStatus,
  ChatTransport,
  FileUIPart,
  UITools,
} from 'ai';
import type { AgentCoreChat } from './chat.js';
import type { AgentChatStore, ConnectionState, HistoryStatus, QueuePausedReason } from './chat-store.js';
import type { AgentEventSource } from './events.js';
import type { ThrottleSetting } from './frame-scheduler.js';
import type { SharedStateLink } from './shared-state/create-shared-state-store.js';
import type { ConnectionOptions } from './endpoints.js';

/** A tool call the browser may answer (see `onToolCall`). */
export type AgentToolCall<TOOLS extends UITools = UITools> = Parameters<ChatOnToolCallCallback<AgentUIMessage<TOOLS>>>[0]['toolCall'];

/** A message the user sends. */
export interface OutgoingMessage {
  text: string;
  files?: FileList | FileUIPart[];
  metadata?: AgentMessageMetadata;
  /**
   * Data parts the message carries after its text (e.g. an A2UI user action, `data-a2ui-action`).
   * A message with data parts may have empty text; its files must then be `FileUIPart`s.
   */
  data?: readonly OutgoingDataPart[];
}

/** A data part of an {@link OutgoingMessage}. */
export interface OutgoingDataPart {
  type: `data-${string}`;
  id?: string;
  data: unknown;
}

/** What `onBeforeSend` sees besides the message. */
export interface BeforeSendContext<TOOLS extends UITools = UITools> {
  /** `send` for a new message, `edit` for `editMessage`. */
  kind: 'send' | 'edit';
  /** The edited message (kind `edit`). */
  messageId?: string;
  agentId: string;
  conversationId: string | undefined;
  messages: readonly AgentUIMessage<TOOLS>[];
}

/** Why a send did not happen. */
export type SendRefusal =
  /** `onBeforeSend` returned false or threw (`error` holds what it threw). */
  | 'cancelled'
  /** An `onBeforeSend` check for an earlier press is still running. */
  | 'check-pending'
  /** A reply is in progress (stop it first) and the chat has no queue (`queue` not given). */
  | 'busy'
  /** Nothing to send (no text, no files). */
  | 'empty'
  /** `editMessage`: no user message with that id. */
  | 'not-found'
  /** The conversation changed while `onBeforeSend` ran. */
  | 'conversation-changed';

/**
 * The outcome of `sendMessage`/`editMessage`, known as soon as the message was accepted or refused:
 * keep the composer text unless `sent` is true. `done` settles when the reply has finished (errors
 * are reported through `error`/`onError`, never by rejecting). `queued`: the message joined the queue
 * (a reply was in progress): it is sent when its turn comes (see `queue`).
 */
export type SendResult = { sent: true; queued?: true; done: Promise<void> } | { sent: false; reason: SendRefusal; error?: unknown };

/** Shared state as `useAgentChat` takes it: a plain object (read-only for the agent) or a store. */
export type SharedStateInput = Record<string, unknown> | SharedStateLink | { store: SharedStateLink };

export interface UseAgentChatOptions<TOOLS extends UITools = UITools> extends ConnectionOptions {
  /** Id of the agent in the server config: requests go to `{api}/{agentId}` (read at send time). */
  agentId: string;
  /**
   * Where the agent route is mounted, read at send time: a path (`/api/agent`, the default) or a
   * full URL (`https://agents.example.com/api/agent`, a string or a `URL`). Turns are posted to
   * `{api}/{agentId}`, conversation routes live under `{api}/conversations`.
   */
  api?: string | URL;
  /**
   * A transport of your own (any AI SDK `ChatTransport`), used instead of the kit's. `api`,
   * `headers`, `credentials`, `fetch`, `sharedState`, `urlQuery` and `pageId` are then yours to send;
   * the conversation routes (history, delete, feedback) still use `api`, `headers` and `fetch`.
   */
  transport?: ChatTransport<AgentUIMessage<TOOLS>>;
  /**
   * The conversation the transcript belongs to. A new value stops the reply in progress and swaps
   * the transcript (to `messages`, to the server's history, or empty).
   */
  conversationId?: string;
  /**
   * Who keeps the conversation's history (default `'auto'`):
   * - `'auto'`: with a `conversationId` and no `messages`, load `GET {api}/conversations/{id}`; a
   *   server with a store answers (history, or 404 `conversation_not_found` for a new conversation)
   *   and then owns the history; any other answer keeps it in the browser (`'client'`);
   * - `'server'`: as `'auto'`, but a failed load is reported through `error`;
   * - `'client'`: never load; every request carries the whole transcript.
   *
   * While the server owns the history a request carries only what is new (the user's message, or
   * the last assistant message with approval answers and browser tool outputs), `deleteMessage` and
   * `setFeedback` call the server, and `loadOlder` pages further back.
   */
  history?: 'auto' | 'server' | 'client';
  /**
   * Resumable runs: pass `resumeRuns` from `@x/agent-react/resume` (a separate import, so a chat
   * without it carries none of its code; `AgentChat` passes it unless this is `false`). A server
   * with a store keeps a reply running when its connection goes; with `resume` the chat, on mount,
   * re-attaches to the loaded conversation's active run and shows the reply continuing, and when
   * the connection drops mid-reply re-attaches by itself (`connection` is `reconnecting`
   * meanwhile). Applies only while the server owns the history and with the kit's transport.
   * Without it a reload shows the saved messages, and a dropped connection ends the reply with an
   * error (the server still finishes and saves it). `stop()` asks such a server to stop the run
   * either way.
   */
  resume?: ResumeRuns | false;
  /**
   * Live on every tab: pass `liveEvents` from `@x/agent-react/live` (a separate import; `AgentChat`
   * passes it unless this is `false`). While the server owns the history, the chat follows the
   * user's event stream (`GET {api}/events`): a turn another tab or device starts in the shown
   * conversation streams here too (with `resume`, which attaches to its run), what another tab
   * changed (a reply ended, a message deleted, a branch switched, an approval answered) is reloaded
   * while this chat is idle, and a send while another tab's turn runs waits in the queue (sent when
   * that turn ends) instead of failing with 409. A server without a store keeps today's behaviour.
   */
  live?: LiveEvents | false;
  /**
   * A reply stream that brings nothing — no chunk, no keep-alive — for this long is a dropped
   * connection, whatever sits between browser and server (a proxy may hold a dead server's
   * connection open). Default: two of the keep-alive intervals the server announces on the response
   * (`x-keep-alive-ms`; 30,000 ms for the server's default 15 s, and 30,000 ms when no interval is
   * announced; none when the server says it sends none); `0` never times out. With resumable runs
   * the chat then re-attaches by cursor (`connection` is `reconnecting`, and after 60 s without
   * reaching the server the reply ends as interrupted); otherwise it ends with a "connection lost"
   * error and keeps the partial reply. Read when a response starts.
   */
  idleTimeoutMs?: number;
  /**
   * The page state the agent may see, read at send time and sent only when it is a non-empty object.
   * A store from `useSharedState`/`createSharedStateStore` also lets the agent write it
   * (`update-page-state`, through the allowlist); a plain object is read-only for the agent.
   */
  sharedState?: SharedStateInput;
  /** Query values of the page, read at send time. */
  urlQuery?: Record<string, string | string[]>;
  /** Id of the page the chat is on, read at send time. */
  pageId?: string;
  /**
   * History to load (cleaned by `sanitizeHistory`). Read when the conversation starts and adopted
   * later only while nothing was sent in this conversation (e.g. history that loads asynchronously).
   */
  messages?: AgentUIMessage<TOOLS>[];
  /** How often streaming updates reach React (default `'frame'`: at most once per animation frame). */
  throttle?: ThrottleSetting;
  /**
   * Browser tools: called for every tool call of the model (server tools included — check
   * `toolCall.toolName`). Return (or resolve to) the output to answer the call; throw (or reject) to
   * answer with an error; return `undefined` to leave it (a server tool, or one you answer later with
   * `addToolOutput`). The chat continues by itself once every browser tool call has an output.
   */
  onToolCall?: (options: { toolCall: AgentToolCall<TOOLS> }) => unknown;
  /**
   * The send queue: pass `sendQueue` from `@x/agent-react/queue` (a separate import, so a chat
   * without it carries none of its code; `AgentChat`'s `queue()` plug-in passes it). Messages sent
   * while a reply streams (or while an approval waits) then join a queue and are sent one turn after
   * the other when the reply ends (the chat engine's `experimental_queue`); the queue survives a reload.
   * Without it (the default, or `false`) such a send is refused (`{ sent: false, reason: 'busy' }`).
   */
  queue?: SendQueue | false;
  /**
   * Runs before a message is sent (also for `editMessage`). Return `false` or throw to cancel: the
   * send resolves `{ sent: false }` so the composer keeps the text. While one check runs, further
   * sends resolve `{ sent: false, reason: 'check-pending' }` at once.
   */
  onBeforeSend?: (message: OutgoingMessage, context: BeforeSendContext<TOOLS>) => boolean | void | Promise<boolean | void>;
}

/** What `useAgentChat` returns. Methods are stable for a conversation. */
export interface UseAgentChatResult<TOOLS extends UITools = UITools> {
  /** The transcript (reading it subscribes the calling component to message updates). */
  readonly messages: AgentUIMessage<TOOLS>[];
  /** `submitted` | `streaming` | `ready` | `error` (reading it subscribes to status changes). */
  readonly status: ChatStatus;
  /** The last error (reading it subscribes to error changes). */
  readonly error: Error | undefined;
  /** The conversation of this transcript. */
  readonly conversationId: string | undefined;
  /** `loading` while the server's history of `conversationId` is fetched, else `ready`. */
  readonly historyStatus: HistoryStatus;
  /** True when the server has older messages than the first one shown: call `loadOlder`. */
  readonly hasOlder: boolean;
  /**
   * `online`, or `reconnecting` while a dropped connection to a running reply is re-attached (the
   * server keeps the run going; the chat retries on `online` and with a capped backoff). Reading it
   * subscribes to its changes.
   */
  readonly connection: ConnectionState;
  /** Loads the previous page of the server's history in front of the transcript; false if none. */
  loadOlder(): Promise<boolean>;
  /**
   * Drops the older pages `loadOlder` added beyond the `keepPages` nearest the newest page (default
   * 1) from `messages`, so a long conversation read far back does not stay whole in memory;
   * `loadOlder` fetches them again (`hasOlder` is true). Nothing while a reply is submitted or
   * streaming, or when the browser owns the history. Answers how many messages were dropped. The
   * transcript calls it when the user is back at the bottom.
   */
  releaseOlder(keepPages?: number): number;
  /**
   * Sets (or with `null` removes) the user's feedback on a message: kept in
   * `message.metadata.feedback` and, while the server owns the history, saved there (optimistic,
   * rolled back with `error` set when the server refuses). Resolves false when it was not saved.
   * `comment`: an optional reason (e.g. why a reply was not helpful), stored with the feedback.
   */
  setFeedback(messageId: string, value: FeedbackValue | null, comment?: string): Promise<boolean>;
  /** Sends a user message (through `onBeforeSend`); see `SendResult`. */
  sendMessage(message: OutgoingMessage, options?: ChatRequestOptions): Promise<SendResult>;
  /**
   * Replaces an assistant reply (default: the last one), stopping a reply in progress first. While
   * the server owns the history the replaced reply stays as another version (`branches`).
   */
  regenerate(options?: { messageId?: string } & ChatRequestOptions): Promise<void>;
  /**
   * Stops the reply in progress, keeping what streamed so far. When the server keeps runs going
   * (it owns the history) it asks the server to stop the run (also a resumed one) and resolves once
   * the server ended the stream; the reply then has `metadata.stopReason: 'stopped'`.
   */
  stop(): Promise<void>;
  /** Replaces the transcript (treated as history: no events fire for these messages). */
  setMessages(messages: AgentUIMessage<TOOLS>[] | ((current: AgentUIMessage<TOOLS>[]) => AgentUIMessage<TOOLS>[])): void;
  /** Stops any reply and empties the transcript. */
  clearMessages(): Promise<void>;
  /**
   * Removes one message (stopping its reply if it is streaming); false when there is none. While the
   * server owns the history it is deleted there too, with its subtree (what follows it in the
   * transcript) (optimistic; restored, with `error` set, when
   * the server refuses). `keepalive` lets that request outlive the page (an undo window flushed on
   * `pagehide`).
   */
  deleteMessage(messageId: string, options?: { keepalive?: boolean }): Promise<boolean>;
  /**
   * Edits a user message and resends (through `onBeforeSend`). While the server owns the history the
   * edit is a new version beside the message (a new id under the same parent): the message and what
   * followed it stay as the other version (`branches`, `switchBranch`). Otherwise the text is
   * replaced and everything after it is dropped. The message's attachments (its file parts, a
   * pasted text among them) go with the edit; `files` replaces them (`[]`: the user removed them all).
   */
  editMessage(messageId: string, text: string, options?: { files?: FileUIPart[] }): Promise<SendResult>;
  /**
   * Where a shown message sits among its versions (the siblings an edit or a regenerate made, server
   * history): `{ index, count }` (0-based index), undefined when it has no other version. Reading it
   * subscribes to changes of the versions.
   */
  branches(messageId: string): { index: number; count: number } | undefined;
  /**
   * Shows version `index` (0-based) of a message, and the newest path below it: the choice is saved
   * on the server, so a reload and another tab show the same. Resolves false when there is no such
   * version, a reply is in progress, or the server refused (`error` set).
   */
  switchBranch(messageId: string, index: number): Promise<boolean>;
  /**
   * The user messages sent (`sendMessage`) while a reply streamed, in the order they will be sent (reading it
   * subscribes to its changes). Kept where it survives a reload: on the server with a store
   * (`PUT …/queue`), else in this tab's sessionStorage. An edit or a regenerate empties it.
   */
  readonly queue: AgentUIMessage<TOOLS>[];
  /**
   * True when the queue waits for the user instead of going on by itself: the reply failed or was
   * stopped, or the queue came back after a reload. `sendNow` (or the next send) resumes it.
   */
  readonly queuePaused: boolean;
  /**
   * Why the queue is paused, `undefined` while it is not: `failed`, `stopped`, or `restored` (it came
   * back after a reload, whatever became of the reply before it).
   */
  readonly queuePausedReason: QueuePausedReason | undefined;
  /** Replaces the text of a queued message (its files stay); false when there is no such message or the text is empty. */
  editQueued(id: string, text: string): Promise<boolean>;
  /** Takes a message out of the queue (it is not sent); false when there is none. */
  removeQueued(id: string): Promise<boolean>;
  /** Moves a queued message `delta` places (negative: sooner), clamped to the ends; false when nothing moved. */
  moveQueued(id: string, delta: number): Promise<boolean>;
  /**
   * Stops the reply in progress (if any) and sends queued message `id` now; the rest of the queue
   * follows it. Resolves false when there is no such message.
   */
  sendNow(id: string): Promise<boolean>;
  /** Clears an error and returns to `ready`. */
  clearError(): void;
  /** Answers a browser tool call; the chat continues when every browser call has an output. */
  addToolOutput: ChatAddToolOutputFunction<AgentUIMessage<TOOLS>>;
  /**
   * Answers a tool approval; the chat resends once every pending approval is answered. `input`
   * (with `approved: true`) approves the call with an edited input: the server validates it
   * against the tool's input schema and runs it (an invalid edit comes back as a denial naming the
   * problem); the part keeps the proposed input in `approval.originalInput`.
   */
  addToolApprovalResponse(response: { id: string; approved: boolean; reason?: string; input?: unknown }): Promise<void>;
  /**
   * Answers a remote A2A agent's question: a tool call whose (preliminary) output is a
   * `RemoteAgentProgress` in `state: 'input-required'` (`POST {api}/{agentId}/remote-agent-answer`).
   * The remote task goes on with the answer in the reply that is streaming. Resolves false (and sets
   * `error`) when the server refused it (the question is gone: answered, stopped, timed out).
   */
  answerRemoteAgent(toolCallId: string, answer: string): Promise<boolean>;
  /** The subscribable store behind this chat: use with `useAgentMessage`, `useAgentStatus`, … */
  readonly store: AgentChatStore<AgentUIMessage<TOOLS>>;
  /** Where `useAgentEvents` registers. */
  readonly events: AgentEventSource<AgentUIMessage<TOOLS>>;
  /**
   * The underlying chat: the kit's chat engine, with the methods and behaviour of the `ai` package's
   * `AbstractChat` (`sendMessage`, `regenerate`, `addToolOutput`, `stop`, …).
   */
  readonly chat: AgentCoreChat<AgentUIMessage<TOOLS>>;
}

/**
 * The value of the `resume` option: `resumeRuns` from `@x/agent-react/resume`. Opaque; the chat
 * looks up what it does.
 */
export interface ResumeRuns {
  /** Names what the value is (the only thing about it an app can read). */
  readonly kind: 'resume-runs';
}

/**
 * The value of the `queue` option: `sendQueue` from `@x/agent-react/queue`. Opaque; the chat looks
 * up what it does.
 */
export interface SendQueue {
  /** Names what the value is (the only thing about it an app can read). */
  readonly kind: 'send-queue';
}

/**
 * The value of the `live` option of `useAgentChat` and `useConversations`: `liveEvents` from
 * `@x/agent-react/live`. Opaque; the hooks look up what it does.
 */
export interface LiveEvents {
  /** Names what the value is (the only thing about it an app can read). */
  readonly kind: 'live-events';
}
