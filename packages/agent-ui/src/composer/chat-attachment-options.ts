import { DEFAULT_BASE_PATH } from '@x/agent-protocol';
import { filePaths } from '@x/agent-protocol/routes';
import type { ComposerUploadOptions } from './attachment-uploads.js';
import type { ComposerAttachmentOptions } from './attachment-options.js';
import type { DictationChatRoute } from './dictation-options.js';

/** `AgentChat`'s attachment settings: the composer's, with `upload: true` filled from the chat's route. */
export type ChatAttachmentOptions = Omit<ComposerAttachmentOptions, 'upload'> & { upload?: boolean | Partial<ComposerUploadOptions> };

/**
 * `AgentChat`'s attachment settings as the composer's: `upload: true` (or a partial object) becomes
 * the upload route `{api}/{agentId}/files` with the chat's headers, credentials and fetch.
 */
export function chatAttachmentOptions(options: ChatAttachmentOptions, route: DictationChatRoute): ComposerAttachmentOptions {
  const { upload, ...rest } = options;
  if (!upload) return rest;
  const own = upload === true ? {} : upload;
  const base = String(route.api ?? DEFAULT_BASE_PATH).replace(/\/+$/, '');
  return {
    ...rest,
    upload: {
      uploadApi: filePaths.upload(base, route.agentId),
      ...(route.headers !== undefined ? { headers: route.headers } : {}),
      ...(route.credentials ? { credentials: route.credentials } : {}),
      ...(route.fetch ? { fetch: route.fetch } : {}),
      ...own,
    },
  };
}
