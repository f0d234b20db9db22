'use client';
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** A component whose code loads on first use (or on {@link LazyComponent.preload}). */
export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Starts loading the code now (e.g. when it is likely to be needed soon); resolves when it is ready. */
  preload: () => Promise<void>;
};

/** Shows `fallback` instead of its children once they threw (a chunk that failed to load). */
class ChunkErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A component that lives in its own chunk: `load` is a dynamic `import()`, called once on the first
 * render or {@link LazyComponent.preload}. Until the chunk is there, `fallback(props)` renders in its
 * place (inside the component's own Suspense boundary, so the rest of the page never suspends); it
 * should take the same space, so nothing moves when the real component appears. An instance that
 * mounts after the chunk loaded renders the component directly, without a fallback frame.
 *
 * A chunk that fails to load (offline, a deploy removed it) never takes the host app down: the
 * instance keeps showing its fallback — so fallbacks are usable stand-ins, not spinners — and the
 * next mount or `preload` tries to load it again.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  // React.lazy remembers a failed load for good, so a failure also replaces it for later mounts.
  const makeLazy = () => lazy(async () => ({ default: await get() }));
  let Lazy = makeLazy();
  const get = (): Promise<ComponentType<P>> =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        Lazy = makeLazy();
        throw error;
      },
    ));
  function LazyWrapper(props: P) {
    // Decided once per instance: switching from one to the other would remount the component. The
    // boundary is there either way, so server-rendered HTML hydrates whichever the client picks.
    const [Ready] = useState(() => loaded ?? Lazy);
    const standIn = fallback(props);
    return (
      <ChunkErrorBoundary fallback={standIn}>
        <Suspense fallback={standIn}>
          <Ready {...props} />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  return Object.assign(LazyWrapper, { preload: () => get().then(() => undefined) });
}

/**
 * The default export of an Ant Design X `es/` module: TypeScript (NodeNext) sees each as a CommonJS
 * namespace, bundlers hand over the component itself. Accepts both shapes.
 */
export function defaultExport<T extends { default: unknown }>(module: T): T['default'] {
  return (module.default ?? module) as T['default'];
}
