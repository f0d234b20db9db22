import type { AgentUIStrings } from './agent-ui-strings.js';
import { compileStrings } from './compile.js';
import zh_CN from './zh_CN.js';

/** Simplified Chinese: `locales/zh_CN.ts` compiled (the same as the `zh_CN` catalogue chosen from antd's locale). */
export const zhCN: AgentUIStrings = /* @__PURE__ */ compileStrings(zh_CN);
