// Ant Design X components imported one by one from their module paths, so heavy modules (mermaid,
// syntax highlighting) never enter a bundle through the package's barrel. Every export is marked
// pure: a bundler drops the components a page does not use.
import BubbleModule from '@ant-design/x/es/bubble/index.js';
import SenderModule from '@ant-design/x/es/sender/index.js';
import ConversationsModule from '@ant-design/x/es/conversations/index.js';
import XProviderModule from '@ant-design/x/es/x-provider/index.js';
import { defaultExport } from './lazy/lazy-component.js';

export const Bubble = /* @__PURE__ */ defaultExport(BubbleModule);
export const Sender = /* @__PURE__ */ defaultExport(SenderModule);
export const Conversations = /* @__PURE__ */ defaultExport(ConversationsModule);
export const XProvider = /* @__PURE__ */ defaultExport(XProviderModule);

// FileCard (antd Image with its preview, Spin, Skeleton) and Think load on demand, each with a
// placeholder of the same size: transcript/file-card.tsx and transcript/think.tsx. Not re-exported
// here: config.tsx imports this module and the on-demand chunk imports config.tsx, so a lazy
// component here would put the chunk's `import()` on a circle.
