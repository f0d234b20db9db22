import type { A2UIStrings } from '../a2ui/a2ui-strings.js';
import type { AgentUIStrings } from './agent-ui-strings.js';
import { compileStrings } from './compile.js';
import en_US from './en_US.js';
import zh_CN from './zh_CN.js';

/** English (default): `locales/en_US.ts` compiled. */
export const enUS: AgentUIStrings = /* @__PURE__ */ compileStrings(en_US);

/** Simplified Chinese: `locales/zh_CN.ts` compiled (the same as the `zh_CN` catalogue chosen from antd's locale). */
export const zhCN: AgentUIStrings = /* @__PURE__ */ compileStrings(zh_CN);

/** The English A2UI strings (what `A2UISurface` shows outside an `AgentUIProvider` with another locale). */
export const a2uiStringsEnUS: A2UIStrings = enUS.a2ui;
