import type { StoreApi } from 'zustand/vanilla';

/** State the app already owns: the hook reads `value` and writes through `onChange`. */
export interface ControlledSharedState<T extends Record<string, unknown>> {
  value: T;
  onChange: (next: T) => void;
}

/** Where shared state lives: a plain object (kept by the kit), a zustand store, or controlled. */
export type SharedStateSource<T extends Record<string, unknown>> = T | StoreApi<T> | ControlledSharedState<T>;

/** Reads and writes one source. */
export interface SharedStateBackend {
  read(): Record<string, unknown>;
  write(next: Record<string, unknown>): void;
  /** Adopts a new source value passed on a later render (controlled state). */
  update?(source: unknown): void;
  subscribe?(listener: () => void): () => void;
}

export function isZustandStore(value: unknown): value is StoreApi<Record<string, unknown>> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as StoreApi<unknown>).getState === 'function' &&
    typeof (value as StoreApi<unknown>).setState === 'function' &&
    typeof (value as StoreApi<unknown>).subscribe === 'function'
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
  if (isZustandStore(source)) {
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
