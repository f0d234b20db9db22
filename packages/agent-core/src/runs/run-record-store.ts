import { runRecordPaths, type AgentRunRecord, type RunRecordList } from '@x/agent-protocol/routes';
import { apiBase, type ConnectionOptions } from '../endpoints.js';
import { AgentRequestError, requestRoute } from '../errors.js';
import { SnapshotStore } from '../snapshot-store.js';

/** Which run to read, and how to reach the server (the same connection as `useAgentChat` / `useConversations`). */
export interface RunRecordOptions extends ConnectionOptions {
  /** The run to read. */
  runId?: string | undefined;
  /** Without `runId`: read the newest run of this conversation (needs a server with a store). */
  conversationId?: string | undefined;
  /**
   * Read again while the run is `running` (default true). With `conversationId` (no `runId`) it keeps
   * reading, since a new run may start at any time (an activity view that follows a conversation).
   */
  live?: boolean;
  /** Milliseconds between two reads of a running run (default 1000). */
  intervalMs?: number;
}

export interface RunRecordSnapshot {
  /** The last record read (kept while a later read fails). */
  record: AgentRunRecord | null;
  /** `idle` with nothing to read; `loading` before the first answer. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: AgentRequestError | null;
}

const IDLE: RunRecordSnapshot = { record: null, status: 'idle', error: null };

/**
 * Reads one run record and, while the run is `running` and `live` is on, reads it again every
 * `intervalMs` (one request at a time; the next is scheduled when the last one answered). No React:
 * `useRunRecord` subscribes to it.
 */
export class RunRecordStore extends SnapshotStore<RunRecordSnapshot> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private controller: AbortController | undefined;
  private started = false;
  private lastText: string | undefined;

  constructor(private readonly options: RunRecordOptions) {
    super(options.runId || options.conversationId ? { ...IDLE, status: 'loading' } : IDLE);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    void this.refresh();
  }

  stop(): void {
    this.started = false;
    clearTimeout(this.timer);
    this.controller?.abort();
  }

  /** Reads the record now (and schedules the next read while the run is running). */
  refresh = async (): Promise<void> => {
    const { runId, conversationId } = this.options;
    if (!runId && !conversationId) return;
    clearTimeout(this.timer);
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    try {
      const record = await this.read(controller.signal);
      if (controller.signal.aborted) return;
      // An unchanged answer (a poll of a quiet run) publishes nothing: no re-render.
      const text = JSON.stringify(record);
      if (text !== this.lastText || this.getSnapshot().status !== 'ready') this.set({ record, status: 'ready', error: null });
      this.lastText = text;
    } catch (error) {
      if (controller.signal.aborted) return;
      const failure = error instanceof AgentRequestError ? error : new AgentRequestError(String(error), 0, 'network_error');
      this.set({ ...this.getSnapshot(), status: 'error', error: failure });
    }
    const follow = !runId || this.getSnapshot().record?.status === 'running';
    if (this.started && this.options.live !== false && follow) {
      this.timer = setTimeout(() => void this.refresh(), this.options.intervalMs ?? 1000);
    }
  };

  private async read(signal: AbortSignal): Promise<AgentRunRecord | null> {
    const base = apiBase(this.options.api);
    if (this.options.runId) return this.get<AgentRunRecord>(runRecordPaths.one(base, this.options.runId), signal);
    try {
      const list = await this.get<RunRecordList>(runRecordPaths.list(base, this.options.conversationId!), signal);
      return list.runs[0] ?? null;
    } catch (error) {
      // A conversation the server does not have yet (a new chat) has no runs.
      if (error instanceof AgentRequestError && error.code === 'conversation_not_found') return null;
      throw error;
    }
  }

  private async get<T>(url: string, signal: AbortSignal): Promise<T> {
    return (await (await requestRoute(this.options, url, { method: 'GET', signal })).json()) as T;
  }


  private set(snapshot: RunRecordSnapshot): void {
    this.publish(snapshot);
  }
}
