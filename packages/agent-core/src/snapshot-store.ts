/**
 * The one kind of store the kit has: an immutable snapshot and listeners, the shape React's
 * `useSyncExternalStore` reads (`subscribe`, `getSnapshot`, both bound) and any other framework can
 * follow. The chat, the conversation list, run records, undo windows and shared state are built on it.
 */
export class SnapshotStore<SNAPSHOT> {
  /** The published snapshot (a subclass may prepare the next one here and `notify` after). */
  protected current: SNAPSHOT;
  readonly #listeners = new Set<() => void>();

  constructor(initial: SNAPSHOT) {
    this.current = initial;
  }

  /** The current snapshot: the same object until the next publish. */
  readonly getSnapshot = (): SNAPSHOT => this.readSnapshot();

  /** Calls `listener` after each publish; returns how to stop. */
  readonly subscribe = (listener: () => void): (() => void) => this.addListener(listener);

  /** Replaces the snapshot and tells every listener. */
  protected publish(next: SNAPSHOT): void {
    this.current = next;
    this.notify();
  }

  /** Tells every listener (one that unsubscribes meanwhile is still called this time). */
  protected notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  /** What `getSnapshot` answers (a subclass that reads its source lazily overrides it). */
  protected readSnapshot(): SNAPSHOT {
    return this.current;
  }

  /** What `subscribe` does (a subclass that connects to its source on the first listener overrides it). */
  protected addListener(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }
}
