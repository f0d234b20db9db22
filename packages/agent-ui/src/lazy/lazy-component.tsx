'use client';
import { Component, startTransition, Suspense, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

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

const subscribeNothing = () => () => {};
const onClient = () => false;
const onServer = () => true;
const ignore = () => {};

/**
 * A component that lives in its own chunk: `load` is a dynamic `import()`, called once on the first
 * render or {@link LazyComponent.preload}. Until the chunk is there, `fallback(props)` renders in its
 * place, and only there (the rest of the page never waits for it); it should take the same space, so
 * nothing moves when the real component appears. An instance that mounts after the chunk loaded
 * renders the component directly, without a fallback frame.
 *
 * The chunk's loading does not suspend: every instance showing its stand-in switches to the
 * component in one transition right after the chunk ran (React holds the reveal of a retried
 * Suspense boundary back for up to 300 ms after its fallback appeared — with a long transcript that
 * was the page's last commit, 200 ms after everything else); a transition, so that a reply
 * streaming meanwhile shows first. The server renders the stand-in, and hydration does too (the
 * server's snapshot), then the loaded component takes its place.
 *
 * A chunk that fails to load (offline, a deploy removed it) never takes the host app down: the
 * instance keeps showing its fallback — so fallbacks are usable stand-ins, not spinners — and the
 * next mount or `preload` tries to load it again. The loaded component throwing shows the fallback too.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const listeners = new Set<() => void>();
  const get = (): Promise<ComponentType<P>> =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        listeners.forEach((listener) => listener());
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  function LazyWrapper(props: P) {
    // True on the server and while hydrating: the stand-in, as the server rendered it.
    const fromServer = useSyncExternalStore(subscribeNothing, onClient, onServer);
    // The load starts while the instance first renders, as React.lazy's does (get() is idempotent
    // until it settles); after a failure, the next mount tries again, not every re-render.
    const [Loaded, setLoaded] = useState<ComponentType<P> | undefined>(() => loaded ?? void get().catch(ignore));
    useEffect(() => {
      if (Loaded) return;
      // In a transition: the switch never delays what the page is streaming or typing.
      const show = () => startTransition(() => setLoaded(() => loaded));
      listeners.add(show);
      // Loaded between this instance's render and this effect.
      if (loaded) show();
      return () => void listeners.delete(show);
    }, [Loaded]);
    const standIn = fallback(props);
    // The boundaries are for the loaded component: it throwing, or suspending on something of its
    // own, shows the stand-in.
    return Loaded && !fromServer ? (
      <ChunkErrorBoundary fallback={standIn}>
        <Suspense fallback={standIn}>
          <Loaded {...props} />
        </Suspense>
      </ChunkErrorBoundary>
    ) : (
      standIn
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
