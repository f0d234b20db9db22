'use client';
// `@x/agent-ui/internal`: building blocks the kit's own stories, tests and benchmarks use. Not part
// of the public API (no README entry, no stability promise): apps use the root entry.
export { MessageContextProvider, useMessageContext, type MessageContextValue, type MessageHandlers } from './chat/message-context.js';
export { SAFE_DOMPURIFY_CONFIG } from './markdown/markdown-html.js';
export { splitMarkdownBlocks, type MarkdownBlocks } from './markdown/markdown-blocks.js';
export { toolCallOf } from './tools/tool-parts.js';
export { AnnouncerProvider, useAnnounce, type Announce } from './a11y/announcer.js';
export { useTokenStyle } from './config.js';
