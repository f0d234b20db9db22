import { PaperClipOutlined } from '@ant-design/icons';
import { createElement } from 'react';
import { chatAttachmentOptions, type ChatAttachmentOptions } from '../composer/chat-attachment-options.js';
import type { AgentChatPlugin } from './plugin.js';

export type { ChatAttachmentOptions };
export type { ComposerUploadOptions } from '../composer/attachment-uploads.js';

/**
 * Attachments (README "Plug-ins", "Files"): files from the picker, paste and drop, refused visibly
 * when `accept` / `maxSize` / `maxCount` fail. `upload: true` (a server with `config.files`) uploads
 * each file to `{api}/{agentId}/files` with the chat's headers, credentials and fetch, with its
 * progress, and sends references; without it files go inline (512 KiB each).
 */
export function attachments(options: ChatAttachmentOptions = {}): AgentChatPlugin {
  return {
    name: 'attachments',
    options,
    // The attach button's icon comes with the plug-in (a page without it does not load it).
    composer: (connection) => ({ attachments: { icon: ATTACH_ICON, ...chatAttachmentOptions(options, connection) } }),
  };
}

const ATTACH_ICON = createElement(PaperClipOutlined);
