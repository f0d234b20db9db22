'use client';
import { startTransition, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { MountingInTransition } from './chat-context.js';

/** Props of {@link TransitionMount}. */
export interface TransitionMountProps {
  /** Shown until the children have rendered (default: nothing). Give it the children's size, so nothing moves. */
  fallback?: ReactNode;
  children?: ReactNode;
}

const subscribe = () => () => {};
const onClient = () => false;
const onServerOrHydrating = () => true;

/**
 * Mounts its children in a transition: React renders them in slices of a few milliseconds and
 * yields to the browser in between, so a heavy subtree (a chat with its theme, providers and a
 * long transcript) does not hold the page in one long task while it mounts — input and paint go on
 * meanwhile. `fallback` shows for those frames. On the server, and while hydrating server HTML, the
 * children render at once (the HTML already shows them). Only the first mount is deferred: later
 * updates render as usual.
 */
export function TransitionMount({ fallback = null, children }: TransitionMountProps): ReactNode {
  const fromServer = useSyncExternalStore(subscribe, onClient, onServerOrHydrating);
  const [ready, setReady] = useState(fromServer);
  const mounting = useRef(!fromServer);
  useLayoutEffect(() => {
    if (!ready) startTransition(() => setReady(true));
    // The children's first render committed: parts mounting from now on mount as usual.
    else mounting.current = false;
  }, [ready]);
  return <MountingInTransition.Provider value={mounting}>{ready || fromServer ? children : fallback}</MountingInTransition.Provider>;
}
