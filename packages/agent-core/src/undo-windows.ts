// Gmail-style undo without React: an action is held for a window and runs when the window closes,
// unless undone. Shared by the conversation list's delete and the transcript's message delete, so
// both have the same timing, flush and undo rules.
import { SnapshotStore } from './snapshot-store.js';

/** How a held action came to run: its window closed, or `flush` ran it early (page hidden, conversation left). */
export type UndoWindowClose = 'timeout' | 'flush';

/** One held action. */
export interface UndoWindowEntry<T> {
  key: string;
  value: T;
  /** Epoch ms when the action runs. */
  expiresAt: number;
}

/**
 * Holds keyed actions for an undo window. `run` is called once per key that was not undone, when
 * its window closes or on `flush`; `undo` before that cancels it with nothing run.
 */
export class UndoWindows<T> extends SnapshotStore<readonly UndoWindowEntry<T>[]> {
  private readonly entries = new Map<string, UndoWindowEntry<T> & { timer: ReturnType<typeof setTimeout> }>();

  constructor(private readonly run: (key: string, value: T, close: UndoWindowClose) => void) {
    super([]);
  }

  /** Holds `value` under `key` for `timeout` ms; false (and nothing held) when the key is already held. */
  open(key: string, value: T, timeout: number): boolean {
    if (this.entries.has(key)) return false;
    const timer = setTimeout(() => this.close(key, 'timeout'), timeout);
    this.entries.set(key, { key, value, expiresAt: Date.now() + timeout, timer });
    this.emit();
    return true;
  }

  /** Cancels the held action: its value, or undefined when nothing (any more) is held under `key`. */
  undo(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    this.entries.delete(key);
    this.emit();
    return entry.value;
  }

  /** Runs every held action now (the user asked for them: leaving must not lose them). */
  flush = (): void => {
    for (const key of [...this.entries.keys()]) this.close(key, 'flush');
  };

  has(key: string): boolean {
    return this.entries.has(key);
  }

  private close(key: string, how: UndoWindowClose): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.entries.delete(key);
    this.emit();
    this.run(key, entry.value, how);
  }

  /** The held actions, oldest first, as the snapshot (a new array only after a change). */
  private emit(): void {
    this.publish([...this.entries.values()].map(({ key, value, expiresAt }) => ({ key, value, expiresAt })));
  }
}
