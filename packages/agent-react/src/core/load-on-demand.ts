import type * as OnDemand from './on-demand.js';

/** The code a chat loads after its first paint (see on-demand.ts). */
export type OnDemandCode = typeof OnDemand;

let loaded: OnDemandCode | undefined;
let pending: Promise<OnDemandCode> | undefined;

/**
 * Loads the chat's on-demand code (one `import()`, once): on the first action that needs it, or
 * when the page is idle after a chat was shown. A failed load (offline, a deploy removed the chunk)
 * rejects that call; the next call tries again.
 */
export function loadOnDemand(): Promise<OnDemandCode> {
  return (pending ??= import('./on-demand.js').then(
    (code) => (loaded = code),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  ));
}

/**
 * Calls `act` with the on-demand code: at once when it is loaded (so an action keeps its synchronous
 * start: a Stop marks its reason before the stream's next chunk), else once it is; `unavailable`
 * answers when it cannot be loaded.
 */
export function callOnDemand<T>(act: (code: OnDemandCode) => T | PromiseLike<T>, unavailable: (error: unknown) => T | PromiseLike<T>): Promise<T> {
  const code = loaded;
  if (!code) return loadOnDemand().then(act, unavailable);
  try {
    return Promise.resolve(act(code));
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * The on-demand code if it is loaded, for the chat's synchronous callbacks. Whatever they handle
 * (a resumed stream, a dropped connection of a resumable run) only happens once it is: the kit's
 * transport and the server's history both load through it.
 */
export function onDemandLoaded(): OnDemandCode | undefined {
  return loaded;
}
