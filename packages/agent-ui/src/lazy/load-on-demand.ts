import type * as OnDemandParts from './on-demand-parts.js';

/**
 * The on-demand chunk's one `import()` (see on-demand-parts.ts). Every lazy component of the kit
 * loads through it, so an app's bundler makes one chunk of them: with several `import()`s that share
 * antd's modules with the first load, Vite 8 (Rolldown) also splits those shared modules out of the
 * entry chunk into chunks of their own (rolldown/rolldown#10731), and the first load pays for the
 * extra requests and the gzip context lost at each boundary (`pnpm bench:size`).
 *
 * The import is made once and shared by every caller (a chat mounts a dozen lazy parts): an app's
 * bundler wraps each `import()` in its preload helper (Vite's inserts a `<link rel="modulepreload">`
 * and queries the document's links, 0.1–3 ms a call in the S4 mount). A failed load is forgotten, so
 * the next call tries again.
 */
let pending: Promise<typeof OnDemandParts> | undefined;

export const loadOnDemand = (): Promise<typeof OnDemandParts> =>
  (pending ??= import('./on-demand-parts.js').catch((error: unknown) => {
    pending = undefined;
    throw error;
  }));
