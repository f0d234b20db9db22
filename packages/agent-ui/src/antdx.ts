// Ant Design X components imported one by one from their module paths, so heavy modules (mermaid,
// syntax highlighting) never enter a bundle through the package's barrel.
import BubbleModule from '@ant-design/x/es/bubble/index.js';
import SenderModule from '@ant-design/x/es/sender/index.js';
import ThinkModule from '@ant-design/x/es/think/index.js';
import ThoughtChainModule from '@ant-design/x/es/thought-chain/index.js';
import PromptsModule from '@ant-design/x/es/prompts/index.js';
import ConversationsModule from '@ant-design/x/es/conversations/index.js';
import AttachmentsModule from '@ant-design/x/es/attachments/index.js';
import FileCardModule from '@ant-design/x/es/file-card/index.js';
import XProviderModule from '@ant-design/x/es/x-provider/index.js';

// `es/` has no "type": "module", so TypeScript (NodeNext) sees each default export as a CommonJS
// namespace; bundlers hand over the component itself. Accept both shapes.
function component<T extends { default: unknown }>(module: T): T['default'] {
  const maybe = module as unknown as { default?: unknown };
  return (maybe.default ?? module) as T['default'];
}

export const Bubble = component(BubbleModule);
export const Sender = component(SenderModule);
export const Think = component(ThinkModule);
export const ThoughtChain = component(ThoughtChainModule);
export const Prompts = component(PromptsModule);
export const Conversations = component(ConversationsModule);
export const Attachments = component(AttachmentsModule);
export const FileCard = component(FileCardModule);
export const XProvider = component(XProviderModule);
