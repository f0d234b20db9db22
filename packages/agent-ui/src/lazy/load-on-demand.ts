/**
 * The on-demand chunk's one `import()` (see on-demand-parts.ts). Every lazy component of the kit
 * loads through it, so an app's bundler makes one chunk of them: with several `import()`s that share
 * antd's modules with the first load, Vite 8 (Rolldown) also splits those shared modules out of the
 * entry chunk into chunks of their own (rolldown/rolldown#10731), and the first load pays for the
 * extra requests and the gzip context lost at each boundary (`pnpm bench:size`).
 */
export const loadOnDemand = () => import('./on-demand-parts.js');
