import type { A2UIStrings } from '../a2ui/a2ui-strings.js';
import type { AgentUIStrings } from './agent-ui-strings.js';
import { compileStrings } from './compile.js';
import en_US from './en_US.js';

/** English (default): `locales/en_US.ts` compiled. */
export const enUS: AgentUIStrings = /* @__PURE__ */ compileStrings(en_US);

// Simplified Chinese, `zhCN`, is in built-in-zh.ts, imported by nothing the chat imports: a module
// imported up front would put its catalogue in every page's first load (the bundler keeps a
// statically imported module in the entry chunk, though the chat only `import()`s it — catalogue-loaders.ts).

/** The English A2UI strings (what `A2UISurface` shows outside an `AgentUIProvider` with another locale). */
export const a2uiStringsEnUS: A2UIStrings = enUS.a2ui;
