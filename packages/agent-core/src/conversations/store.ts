// The conversation list without React: paging, debounced search, selection, optimistic rename and
// Gmail-style delete (hidden at once, DELETE sent when the undo window closes). `useConversations`
// is a thin hook over it. About 300 lines: one state machine that is easier to follow in one file.
import { MAX_TITLE_LENGTH, type ConversationSummary, type LiveEvent } from '@x/agent-protocol/routes';
import { liveOf } from '../live-hooks.js';
import type { LiveEvents } from '../types.js';
import { markNewConversation } from '../new-conversations.js';
import { SnapshotStore } from '../snapshot-store.js';
import { UndoWindows } from '../undo-windows.js';
import { AgentRequestError } from '../errors.js';
import { createConversationsClient, type ConversationsClient, type ConversationsClientOptions } from './client.js';

export type ConversationsStatus = 'loading' | 'ready' | 'error';

/** The last failure, shown to the user; optimistic changes it concerns were rolled back. */
export interface ConversationsFailure {
  action: 'load' | 'load-more' | 'rename' | 'delete';
  conversationId?: string;
  code: string;
  message: string;
}

/** A deleted conversation whose DELETE waits for its undo window to close. */
export interface PendingDelete {
  id: string;
  conversation: ConversationSummary;
  /** Epoch ms when the DELETE is sent. */
  expiresAt: number;
}

export interface ConversationsSnapshot {
  /** Newest first: the loaded pages, conversations touched in this session, pending renames applied, pending deletes hidden. */
  items: readonly ConversationSummary[];
  status: ConversationsStatus;
  error: ConversationsFailure | null;
  hasMore: boolean;
  loadingMore: boolean;
  /** The search text as typed (the list follows it after `searchDelay`). */
  query: string;
  /** The open conversation: always an id, possibly one that is not in the list yet (a new chat). */
  selectedId: string;
  pendingDeletes: readonly PendingDelete[];
}

export interface ConversationsStoreOptions extends ConversationsClientOptions {
  /** Lists only this agent's conversations and is the agent of conversations `touch` adds. */
  agentId?: string;
  /** Conversations per page (1–100, default 30). */
  pageSize?: number;
  /** Debounce of `setQuery` in ms (default 250). */
  searchDelay?: number;
  /** Undo window of `remove` in ms (default 5000). */
  undoTimeout?: number;
  /** The conversation open at start (e.g. from the URL); default a new id. */
  initialSelectedId?: string;
  /** Id generator of `create` (default `c-` + a random UUID). */
  newId?: () => string;
  /** Replaces the fetch-based client (tests, custom transports). */
  client?: ConversationsClient;
  /**
   * Live on every tab: `liveEvents` from `@x/agent-react/live`. The list follows the user's event
   * stream: conversations created, renamed, titled, deleted or run in another tab or device show at
   * once (a turn running, an approval waiting, the order by last activity). `false` or absent: the
   * list reloads when the tab is shown again and after a reply ends here.
   */
  live?: LiveEvents | false;
}

interface DeleteEntry {
  conversation: ConversationSummary;
  /** It was the open conversation: undo opens it again. */
  replacedSelection: string | undefined;
}

/** Held only while the constructor runs (the fields it is computed from are set after `super`). */
const EMPTY_SNAPSHOT: ConversationsSnapshot = { items: [], status: 'loading', error: null, hasMore: false, loadingMore: false, query: '', selectedId: '', pendingDeletes: [] };

const defaultNewId = () => `c-${globalThis.crypto.randomUUID()}`;

function failure(action: ConversationsFailure['action'], error: unknown, conversationId?: string): ConversationsFailure {
  const code = error instanceof AgentRequestError ? error.code : 'unknown_error';
  const message = error instanceof Error ? error.message : String(error);
  return { action, code, message, ...(conversationId !== undefined ? { conversationId } : {}) };
}

/** The framework-free conversation list behind `useConversations` (an external store: `subscribe`/`getSnapshot`). */
export class ConversationsStore extends SnapshotStore<ConversationsSnapshot> {
  readonly client: ConversationsClient;
  private readonly options: ConversationsStoreOptions;
  private rows: ConversationSummary[] = [];
  /** Rows `touch` added that no loaded page has listed yet. */
  private readonly unconfirmed = new Set<string>();
  private readonly renames = new Map<string, string>();
  /** Deletes in their undo window (the rows are hidden; the DELETE is sent when the window closes). */
  private readonly deletes = new UndoWindows<DeleteEntry>((id, _entry, close) => void this.send(id, close === 'flush'));
  /** Deletes whose DELETE is on its way (the rows stay hidden; undo no longer applies). */
  private readonly sending = new Set<string>();
  private nextCursor: string | null = null;
  private pagesLoaded = 0;
  private status: ConversationsStatus = 'loading';
  private error: ConversationsFailure | null = null;
  private loadingMore = false;
  private query = '';
  private appliedQuery = '';
  private selectedId: string;
  private loadController: AbortController | undefined;
  private searchTimer: ReturnType<typeof setTimeout> | undefined;
  private started = false;
  private stopLive: (() => void) | undefined;

  constructor(options: ConversationsStoreOptions = {}) {
    super(EMPTY_SNAPSHOT);
    this.options = options;
    this.client = options.client ?? createConversationsClient(options);
    this.selectedId = options.initialSelectedId ?? this.newId();
    this.publish(this.compute());
  }

  /** A new id, known to the chats of this page as a conversation the server does not have yet. */
  private newId(): string {
    const id = (this.options.newId ?? defaultNewId)();
    markNewConversation(id);
    return id;
  }

  /**
   * Loads the first page, reloads it when the tab is shown again (what another tab changed, such as a
   * conversation now waiting for an approval) and flushes pending deletes when the page is hidden. Idempotent.
   */
  start(): void {
    if (this.started) return;
    this.started = true;
    globalThis.addEventListener?.('pagehide', this.flush);
    globalThis.document?.addEventListener('visibilitychange', this.onVisibility);
    this.stopLive = liveOf(this.options.live)?.subscribe(this.options, this.applyLive);
    void this.load(true);
  }

  /** Stops loading and timers; pending deletes are sent now (the user asked for them). */
  stop(): void {
    if (!this.started) return;
    this.started = false;
    globalThis.removeEventListener?.('pagehide', this.flush);
    globalThis.document?.removeEventListener('visibilitychange', this.onVisibility);
    this.stopLive?.();
    this.stopLive = undefined;
    this.loadController?.abort();
    clearTimeout(this.searchTimer);
    this.flush();
  }

  /**
   * One event of the user's live stream (another tab or device, or this one): the row it carries
   * replaces the listed one unless that is newer (`version`), a row new to the list appears when it
   * matches the list's agent and search, the list keeps its order by last activity; a deleted
   * conversation goes (an undo window here for it closes: nothing is left to undo); `reset`
   * reloads the list.
   */
  applyLive = (event: LiveEvent): void => {
    if (event.type === 'reset') return void this.refresh();
    if (event.type === 'conversation-deleted') {
      this.deletes.undo(event.conversationId);
      this.dropRow(event.conversationId);
      return this.emit();
    }
    const row = event.conversation;
    if (this.options.agentId && row.agentId !== this.options.agentId) return;
    const current = this.rows.find((other) => other.id === row.id);
    if (current && current.version > row.version) return;
    if (!current && !this.mayList(row)) return;
    // A title the server does not have yet (null) keeps the placeholder shown so far.
    const next = row.title === null && current?.title ? { ...row, title: current.title } : row;
    this.unconfirmed.delete(row.id);
    this.rows = [...this.rows.filter((other) => other.id !== row.id), next].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
    this.emit();
  };

  /** A row not listed yet belongs in the loaded part of the list: it matches the search and is not older than the pages loaded. */
  private mayList(row: ConversationSummary): boolean {
    const query = this.appliedQuery.toLowerCase();
    if (query && !(row.title ?? '').toLowerCase().includes(query)) return false;
    const last = this.rows.at(-1);
    return this.nextCursor === null || !last || row.updatedAt >= last.updatedAt;
  }

  private onVisibility = (): void => {
    if (globalThis.document?.visibilityState === 'visible') void this.refresh();
  };

  /** Reloads the first page (keeping further pages already loaded). Also the retry after a failed load. */
  refresh = (): Promise<void> => this.load(false);

  loadMore = async (): Promise<void> => {
    if (!this.nextCursor || this.loadingMore || this.status === 'loading') return;
    const cursor = this.nextCursor;
    const query = this.appliedQuery;
    this.loadingMore = true;
    this.emit();
    try {
      const page = await this.client.list({ cursor, limit: this.pageSize(), q: query, ...this.agentFilter() });
      if (query !== this.appliedQuery || cursor !== this.nextCursor) return;
      const known = new Set(this.rows.map((row) => row.id));
      this.rows = [...this.rows, ...page.items.filter((item) => !known.has(item.id))];
      for (const item of page.items) this.unconfirmed.delete(item.id);
      this.nextCursor = page.nextCursor;
      this.pagesLoaded++;
    } catch (error) {
      this.error = failure('load-more', error);
    } finally {
      this.loadingMore = false;
      this.emit();
    }
  };

  setQuery = (query: string): void => {
    if (query === this.query) return;
    this.query = query;
    clearTimeout(this.searchTimer);
    this.searchTimer = setTimeout(() => {
      if (this.query.trim() === this.appliedQuery) return;
      this.appliedQuery = this.query.trim();
      void this.load(true);
    }, this.options.searchDelay ?? 250);
    this.emit();
  };

  select = (id: string): void => {
    if (id === this.selectedId) return;
    this.selectedId = id;
    this.emit();
  };

  /** Opens a new conversation (a new id, not listed until `touch`); returns its id. */
  create = (): string => {
    const id = this.newId();
    this.select(id);
    return id;
  };

  /**
   * A conversation got a message in this session: it moves to the top (added if new, with `title`
   * as a placeholder until the server has one). Call it on the first user message so the
   * conversation is listed while its first reply streams, and on a generated title.
   */
  touch = (id: string, update: { title?: string | null; agentId?: string } = {}): void => {
    const agentId = update.agentId ?? this.options.agentId;
    if (this.options.agentId && agentId !== this.options.agentId) return;
    const existing = this.rows.find((row) => row.id === id);
    const now = new Date().toISOString();
    const row: ConversationSummary = existing
      ? { ...existing, updatedAt: now, ...(update.title ? { title: update.title } : {}) }
      : { id, agentId: agentId ?? '', title: update.title ?? null, createdAt: now, updatedAt: now, version: 0, activeRunId: null, awaitingApproval: false, metadata: {} };
    if (!existing) this.unconfirmed.add(id);
    this.rows = [row, ...this.rows.filter((other) => other.id !== id)];
    this.emit();
  };

  /** Renames at once; rolled back with `error` when the server refuses. Resolves to whether it was saved. */
  rename = async (id: string, title: string): Promise<boolean> => {
    const trimmed = title.trim();
    if (!trimmed || trimmed.length > MAX_TITLE_LENGTH) {
      this.error = { action: 'rename', conversationId: id, code: 'invalid_title', message: `A title has 1 to ${MAX_TITLE_LENGTH} characters.` };
      this.emit();
      return false;
    }
    this.renames.set(id, trimmed);
    this.emit();
    try {
      const saved = await this.client.rename(id, trimmed);
      this.rows = this.rows.map((row) => (row.id === id ? saved : row));
      this.unconfirmed.delete(id);
      return true;
    } catch (error) {
      this.error = failure('rename', error, id);
      return false;
    } finally {
      if (this.renames.get(id) === trimmed) this.renames.delete(id);
      this.emit();
    }
  };

  /**
   * Deletes Gmail-style: the conversation leaves the list at once (a new chat opens if it was open)
   * and the DELETE is sent when the undo window closes, so `undo` needs no server round trip.
   */
  remove = (id: string): { undo: () => void } => {
    const conversation = this.rows.find((row) => row.id === id);
    if (!conversation || this.deletes.has(id) || this.sending.has(id)) return { undo: () => this.undo(id) };
    const entry: DeleteEntry = { conversation, replacedSelection: undefined };
    if (this.selectedId === id) entry.replacedSelection = this.create();
    this.deletes.open(id, entry, this.options.undoTimeout ?? 5000);
    this.emit();
    return { undo: () => this.undo(id) };
  };

  /** Cancels a pending delete; reopens the conversation if it was open and the new chat is untouched. */
  undo = (id: string): void => {
    const entry = this.deletes.undo(id);
    if (!entry) return;
    if (entry.replacedSelection === this.selectedId && !this.rows.some((row) => row.id === this.selectedId)) this.selectedId = id;
    this.emit();
  };

  /** Sends every pending delete now (`keepalive`, so it survives the page). */
  flush = (): void => this.deletes.flush();

  clearError = (): void => {
    if (!this.error) return;
    this.error = null;
    this.emit();
  };

  private async send(id: string, keepalive: boolean): Promise<void> {
    this.sending.add(id);
    this.emit();
    try {
      await this.client.remove(id, { keepalive });
      this.dropRow(id);
    } catch (error) {
      // Never created on the server (a new chat deleted before its first message was saved), or already gone.
      if (error instanceof AgentRequestError && error.code === 'conversation_not_found') this.dropRow(id);
      else this.error = failure('delete', error, id);
    } finally {
      this.sending.delete(id);
      this.emit();
    }
  }

  private dropRow(id: string): void {
    this.rows = this.rows.filter((row) => row.id !== id);
    this.unconfirmed.delete(id);
  }

  private pageSize(): number {
    return Math.min(100, Math.max(1, this.options.pageSize ?? 30));
  }

  private agentFilter(): { agentId?: string } {
    return this.options.agentId ? { agentId: this.options.agentId } : {};
  }

  /** `fresh`: a new query (or the first load) replaces the list; otherwise the first page is merged in. */
  private async load(fresh: boolean): Promise<void> {
    this.loadController?.abort();
    const controller = new AbortController();
    this.loadController = controller;
    if (fresh || this.status === 'error') {
      this.status = 'loading';
      if (this.error?.action === 'load') this.error = null;
      this.emit();
    }
    const query = this.appliedQuery;
    try {
      const page = await this.client.list({ limit: this.pageSize(), q: query, ...this.agentFilter() }, { signal: controller.signal });
      if (controller.signal.aborted) return;
      const listed = new Set(page.items.map((item) => item.id));
      const previous = new Map(this.rows.map((row) => [row.id, row]));
      for (const id of listed) this.unconfirmed.delete(id);
      // A title the server does not have yet (null) keeps the placeholder shown so far.
      const items = page.items.map((item) => (item.title === null && previous.get(item.id)?.title ? { ...item, title: previous.get(item.id)!.title } : item));
      const local = query ? [] : this.rows.filter((row) => this.unconfirmed.has(row.id));
      const keepTail = !fresh && this.pagesLoaded > 1;
      const tail = keepTail ? this.rows.filter((row) => !listed.has(row.id) && !this.unconfirmed.has(row.id)) : [];
      this.rows = [...local, ...items, ...tail];
      if (!keepTail) {
        this.nextCursor = page.nextCursor;
        this.pagesLoaded = 1;
      }
      this.status = 'ready';
    } catch (error) {
      if (controller.signal.aborted) return;
      this.status = 'error';
      this.error = failure('load', error);
    } finally {
      if (this.loadController === controller) this.loadController = undefined;
    }
    this.emit();
  }

  private compute(): ConversationsSnapshot {
    const items = this.rows
      .filter((row) => !this.deletes.has(row.id) && !this.sending.has(row.id))
      .map((row) => (this.renames.has(row.id) ? { ...row, title: this.renames.get(row.id)! } : row));
    const pendingDeletes = this.deletes.getSnapshot().map(({ key, value, expiresAt }) => ({ id: key, conversation: value.conversation, expiresAt }));
    return {
      items,
      status: this.status,
      error: this.error,
      hasMore: this.nextCursor !== null,
      loadingMore: this.loadingMore,
      query: this.query,
      selectedId: this.selectedId,
      pendingDeletes,
    };
  }

  private emit(): void {
    this.publish(this.compute());
  }
}
