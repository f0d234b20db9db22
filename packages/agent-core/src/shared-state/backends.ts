/** State the app already owns: the hook reads `value` and writes through `onChange`. */
export interface ControlledSharedState<T extends Record<string, unknown>> {
  value: T;
  onChange: (next: T) => void;
}

/**
 * An app's store with zustand's shape: a zustand store (`createStore` / `create`) fits, and so does
 * any store with these three methods. Read with `getState`, written with `setState`.
 */
export interface AppStateStore<T extends Record<string, unknown>> {
  getState(): T;
  setState(next: T): void;
  subscribe(listener: () => void): () => void;
}

/** Where shared state lives: a plain object (kept by the kit), an app's store (e.g. zustand), or controlled. */
export type SharedStateSource<T extends Record<string, unknown>> = T | AppStateStore<T> | ControlledSharedState<T>;

/** Reads and writes one source. */
export interface SharedStateBackend {
  read(): Record<string, unknown>;
  write(next: Record<string, unknown>): void;
  /** Adopts a new source value passed on a later render (controlled state). */
  update?(source: unknown): void;
  subscribe?(listener: () => void): () => void;
}

export function isAppStateStore(value: unknown): value is AppStateStore<Record<string, unknown>> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AppStateStore<Record<string, unknown>>).getState === 'function' &&
    typeof (value as AppStateStore<Record<string, unknown>>).setState === 'function' &&
    typeof (value as AppStateStore<Record<string, unknown>>).subscribe === 'function'
  );
}

export function isControlled(value: unknown): value is ControlledSharedState<Record<string, unknown>> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { onChange?: unknown }).onChange === 'function' &&
    typeof (value as { value?: unknown }).value === 'object' &&
    (value as { value?: unknown }).value !== null
  );
}

export function backendFor(source: unknown, onChange: () => void): SharedStateBackend {
  if (isAppStateStore(source)) {
    return {
      read: () => source.getState(),
      write: (next) => source.setState(next),
      subscribe: (listener) => source.subscribe(listener),
    };
  }
  if (isControlled(source)) {
    let current = source;
    let optimistic: Record<string, unknown> | undefined;
    return {
      read: () => optimistic ?? current.value,
      write: (next) => {
        current.onChange(next);
        optimistic = next;
        onChange();
      },
      update: (nextSource) => {
        if (!isControlled(nextSource)) return;
        if (nextSource.value !== current.value) optimistic = undefined;
        current = nextSource;
      },
    };
  }
  let value = { ...(source as Record<string, unknown>) };
  return {
    read: () => value,
    write: (next) => {
      value = next;
      onChange();
    },
  };
}
