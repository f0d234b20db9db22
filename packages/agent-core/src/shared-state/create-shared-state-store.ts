import { type PageStateRefusal, type UpdatePageStateOutput } from '@x/agent-protocol';
import { isReservedKey, refusedKeys, withoutReservedKeys } from '@x/agent-protocol/validation';
import { SnapshotStore } from '../snapshot-store.js';
import { backendFor, type SharedStateBackend, type SharedStateSource } from './backends.js';
import { runValidator, type SharedStateValidator } from './validators.js';

/** One recorded write to shared state. */
export interface SharedStateWrite {
  /** Unique id of this write (pass it to `undo`). */
  id: string;
  key: string;
  previous: unknown;
  next: unknown;
  /** `agent`: an `update-page-state` call; `user`: `set()` or an undo. */
  source: 'agent' | 'user';
  /** The tool call that wrote it (agent writes). */
  toolCallId?: string;
  /** The turn it belongs to: the id of the user message the reply answers (agent writes). */
  turnId?: string;
  agentId?: string;
  /** Set on the write an undo made: the id of the write it reverted. */
  undoOf?: string;
  /** Set on a write that was undone later: the id of the undoing write. */
  undoneBy?: string;
  /** Epoch ms. */
  at: number;
}

export interface SharedStateOptions {
  /** Keys exposed to the agent (default: every own key whose value is not a function). */
  keys?: readonly string[];
  /** Keys the agent may write (default: every exposed key). Never widens `keys`. */
  writable?: readonly string[];
  /** Per-key checks of the values the agent writes. */
  validate?: Readonly<Record<string, SharedStateValidator>>;
  /** Most writes kept in the log (default 200; oldest dropped first). */
  maxLog?: number;
}

/** Context of one `update-page-state` call. */
export interface ApplyUpdatesContext {
  /** Keys the request that produced the call exposed: the allowlist. Default: the keys exposed now. */
  exposedKeys?: readonly string[];
  toolCallId?: string;
  turnId?: string;
  agentId?: string;
}

/** What applying an `update-page-state` call gives: the tool output, or an error for the model. */
export type ApplyUpdatesResult = { ok: true; output: UpdatePageStateOutput } | { ok: false; errorText: string };

/** The reactive part of the store. */
export interface SharedStateSnapshot<T extends Record<string, unknown> = Record<string, unknown>> {
  /** The exposed slice of state (what the agent sees). */
  value: T;
  /** Every write, oldest first. */
  log: readonly SharedStateWrite[];
}

/** The part of a shared-state store a chat uses: what to expose at send time, and how to apply writes. */
export interface SharedStateLink {
  readonly '~sharedStateStore': true;
  /** The exposed slice now (sent as `sharedState` at request time). */
  expose(): Record<string, unknown>;
  /** Applies an `update-page-state` input through the allowlist. Never throws. */
  applyUpdates(input: unknown, context?: ApplyUpdatesContext): Promise<ApplyUpdatesResult>;
  /**
   * Puts back the state a resumed run started from (`data-run-state`, e.g. after a reload): writes
   * its keys that this store exposes (never reserved ones), without a log entry — it is not an edit.
   */
  restore(snapshot: Record<string, unknown>): void;
}

/**
 * Shared page state for agents, usable outside React. A store of `{ value, log }` (`getSnapshot`,
 * `subscribe`: the kit's one store shape) plus the operations; `useAgentChat({ sharedState: store })`
 * exposes `value` with each request and answers the agent's `update-page-state` calls through
 * `applyUpdates`.
 */
export interface SharedStateStore<T extends Record<string, unknown> = Record<string, unknown>> extends SharedStateLink {
  /** `{ value, log }` now: the same object until either changes. */
  getSnapshot(): SharedStateSnapshot<T>;
  /** Calls `listener` after each change of the snapshot; returns how to stop. */
  subscribe(listener: () => void): () => void;
  /** Writes one key as the user (recorded with source `user`). Reserved keys are refused. */
  set<K extends keyof T & string>(key: K, value: T[K]): void;
  /** Reverts one write (recorded as a `user` write); false when it is unknown or already undone. */
  undo(writeId: string): boolean;
  /** Reverts every agent write of a turn, newest first; returns how many were reverted. */
  undoTurn(turnId: string): number;
  /** Reverts every agent write of one tool call, newest first; returns how many were reverted. */
  undoToolCall(toolCallId: string): number;
  /** Replaces options and, for controlled state, the source (the hook calls this each render). */
  configure(options: SharedStateOptions, source?: SharedStateSource<T>): void;
}

let writeCounter = 0;

/** The snapshot part of a shared-state store. */
class SharedStateSnapshots<T extends Record<string, unknown>> extends SnapshotStore<SharedStateSnapshot<T>> {
  update(change: Partial<SharedStateSnapshot<T>>): void {
    this.publish({ ...this.current, ...change });
  }
}

/**
 * Creates shared state from a plain object (initial value, kept by the store), an app's store of
 * zustand's shape (read with `getState`, written with `setState`) or `{ value, onChange }` (state the
 * app owns).
 */
export function createSharedStateStore<T extends Record<string, unknown>>(
  source: SharedStateSource<T>,
  options: SharedStateOptions = {},
): SharedStateStore<T> {
  let settings = options;
  const backend: SharedStateBackend = backendFor(source, () => sync());
  const select = (): T => exposeFrom(backend.read(), settings.keys) as T;
  const store = new SharedStateSnapshots<T>({ value: select(), log: [] });
  const sync = () => {
    const value = select();
    if (!shallowEqual(value, store.getSnapshot().value)) store.update({ value });
  };
  backend.subscribe?.(sync);

  const record = (entries: SharedStateWrite[], undone?: Map<string, string>) => {
    const max = settings.maxLog ?? 200;
    let log = store.getSnapshot().log;
    if (undone?.size) log = log.map((w) => (undone.has(w.id) ? { ...w, undoneBy: undone.get(w.id)! } : w));
    log = [...log, ...entries];
    if (log.length > max) log = log.slice(log.length - max);
    store.update({ log });
  };

  const writeKeys = (changes: Record<string, unknown>) => {
    const current = backend.read();
    const next: Record<string, unknown> = { ...current };
    for (const key of Object.keys(changes)) next[key] = changes[key];
    backend.write(next);
    sync();
    return current;
  };

  const undoMany = (writes: SharedStateWrite[]): number => {
    const undone = new Map<string, string>();
    const entries: SharedStateWrite[] = [];
    for (const write of [...writes].reverse()) {
      const before = writeKeys({ [write.key]: write.previous });
      const entry: SharedStateWrite = {
        id: `w${++writeCounter}`,
        key: write.key,
        previous: before[write.key],
        next: write.previous,
        source: 'user',
        undoOf: write.id,
        at: Date.now(),
      };
      entries.push(entry);
      undone.set(write.id, entry.id);
    }
    if (entries.length) record(entries, undone);
    return entries.length;
  };
  const undoable = (predicate: (w: SharedStateWrite) => boolean) =>
    store.getSnapshot().log.filter((w) => w.source === 'agent' && !w.undoneBy && predicate(w));

  return Object.assign(store, {
    '~sharedStateStore': true as const,
    expose: () => exposeFrom(backend.read(), settings.keys),
    set: <K extends keyof T & string>(key: K, value: T[K]) => {
      if (isReservedKey(key)) throw new Error(`"${key}" is a reserved key and can never be shared state.`);
      const before = writeKeys({ [key]: value });
      record([{ id: `w${++writeCounter}`, key, previous: before[key], next: value, source: 'user', at: Date.now() }]);
    },
    applyUpdates: async (input: unknown, context: ApplyUpdatesContext = {}): Promise<ApplyUpdatesResult> => {
      const updates = readUpdates(input);
      if (!updates) {
        return { ok: false, errorText: 'update-page-state expects { "updates": { "<key>": <value> } } with at least the keys to change.' };
      }
      const exposed = new Set(context.exposedKeys ?? Object.keys(exposeFrom(backend.read(), settings.keys)));
      const writable = settings.writable ? new Set(settings.writable) : undefined;
      const accepted: Record<string, unknown> = {};
      const written: string[] = [];
      // A list, never an object keyed by the key: a refused "__proto__" stays a string value.
      const refusals: PageStateRefusal[] = [];
      const refuse = (key: string, reason: string) => {
        if (!refusals.some((r) => r.key === key)) refusals.push({ key, reason });
      };
      // Reserved keys the server already removed from a hostile input (see `UpdatePageStateInput`).
      for (const key of serverIgnored(input)) refuse(key, 'reserved key: never writable');
      for (const key of Object.keys(updates)) {
        if (isReservedKey(key)) refuse(key, 'reserved key: never writable');
        else if (!exposed.has(key)) refuse(key, 'not exposed by the page: only the keys sent as sharedState can be written');
        else if (writable && !writable.has(key)) refuse(key, 'read-only: the page does not let the agent change it');
        else {
          // Reserved keys nested in a value are dropped, so the page never stores a "__proto__" key.
          const clean = withoutReservedKeys(updates[key], key);
          for (const path of clean.removed) refuse(path, 'reserved key: never writable');
          const value = clean.value;
          const validator = settings.validate && Object.hasOwn(settings.validate, key) ? settings.validate[key] : undefined;
          const outcome = validator ? await runValidator(validator, value, key) : { ok: true as const, value };
          if (!outcome.ok) refuse(key, outcome.reason);
          else {
            accepted[key] = outcome.value;
            written.push(key);
          }
        }
      }
      if (written.length > 0) {
        let before: Record<string, unknown>;
        try {
          before = writeKeys(accepted);
        } catch (error) {
          return { ok: false, errorText: `The page failed to apply the update: ${error instanceof Error ? error.message : String(error)}` };
        }
        const at = Date.now();
        record(
          written.map((key) => ({
            id: `w${++writeCounter}`,
            key,
            previous: before[key],
            next: accepted[key],
            source: 'agent' as const,
            ...(context.toolCallId ? { toolCallId: context.toolCallId } : {}),
            ...(context.turnId ? { turnId: context.turnId } : {}),
            ...(context.agentId ? { agentId: context.agentId } : {}),
            at,
          })),
        );
      }
      const output: UpdatePageStateOutput = { ok: true, written, ...refusedKeys(refusals) };
      return { ok: true, output };
    },
    restore: (snapshot: Record<string, unknown>) => {
      const changes: Record<string, unknown> = {};
      const current = backend.read();
      const allowed = settings.keys ? new Set(settings.keys) : undefined;
      for (const key of Object.keys(snapshot)) {
        if (isReservedKey(key) || (allowed && !allowed.has(key)) || typeof current[key] === 'function') continue;
        const value = withoutReservedKeys(snapshot[key], key).value;
        if (!Object.is(current[key], value)) changes[key] = value;
      }
      if (Object.keys(changes).length > 0) writeKeys(changes);
    },
    undo: (writeId: string) => undoMany(store.getSnapshot().log.filter((w) => w.id === writeId && !w.undoneBy)) > 0,
    undoTurn: (turnId: string) => undoMany(undoable((w) => w.turnId === turnId)),
    undoToolCall: (toolCallId: string) => undoMany(undoable((w) => w.toolCallId === toolCallId)),
    configure: (next: SharedStateOptions, nextSource?: SharedStateSource<T>) => {
      settings = next;
      if (nextSource !== undefined) backend.update?.(nextSource);
      sync();
    },
  }) as SharedStateStore<T>;
}

/** True for a store made by `createSharedStateStore`. */
export function isSharedStateStore(value: unknown): value is SharedStateLink {
  return typeof value === 'object' && value !== null && (value as { '~sharedStateStore'?: unknown })['~sharedStateStore'] === true;
}

/** The exposed slice: the listed keys (or every non-function own key), never reserved keys. */
function exposeFrom(state: Record<string, unknown>, keys: readonly string[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys ?? Object.keys(state)) {
    if (isReservedKey(key) || !Object.hasOwn(state, key)) continue;
    const value = state[key];
    if (typeof value === 'function') continue;
    out[key] = value;
  }
  return out;
}

/** The `updates` object of a tool input, read without copying (a `__proto__` key stays a plain key). */
function readUpdates(input: unknown): Record<string, unknown> | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const updates = (input as { updates?: unknown }).updates;
  if (typeof updates !== 'object' || updates === null || Array.isArray(updates)) return undefined;
  return updates as Record<string, unknown>;
}

/** The `ignored` list the server set on a repaired input (strings only). */
function serverIgnored(input: unknown): string[] {
  const ignored = (input as { ignored?: unknown }).ignored;
  return Array.isArray(ignored) ? ignored.filter((key): key is string => typeof key === 'string') : [];
}

function shallowEqual(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && Object.is(a[key], b[key]));
}
