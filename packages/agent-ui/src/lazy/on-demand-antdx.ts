// Ant Design X components for modules of the on-demand chunk (on-demand-parts.ts) and what it alone
// reaches: there they are used directly, with no lazy wrapper (a wrapper would lead back to the
// chunk's `import()` through load-on-demand.ts, a circle). First-load modules use the lazy ones
// (transcript/file-card.tsx, transcript/think.tsx) instead.
import FileCardModule from '@ant-design/x/es/file-card/index.js';
import ThoughtChainModule from '@ant-design/x/es/thought-chain/index.js';
import { defaultExport } from './lazy-component.js';

export const FileCard = /* @__PURE__ */ defaultExport(FileCardModule);
export const ThoughtChain = /* @__PURE__ */ defaultExport(ThoughtChainModule);
