import type { ReactNode } from 'react';
import type { ComposerUploadOptions } from './attachment-uploads.js';

/** Attachment settings of the composer. */
export interface ComposerAttachmentOptions {
  /** Like `<input accept>`: MIME types, wildcards and extensions (`image/*,.pdf`). */
  accept?: string;
  /** Largest file in bytes. */
  maxSize?: number;
  /** Most files per message (default 10). */
  maxCount?: number;
  /**
   * Upload each file to the server's blob store as it is attached, with a progress bar, and send its
   * reference (README "Files"). Without it files are sent inline as data: URLs, each at most
   * `DEFAULT_INLINE_FILE_BYTES` (512 KiB) unless `maxSize` says otherwise.
   */
  upload?: ComposerUploadOptions;
  /**
   * The attach button's icon. The `attachments()` plug-in sets antd's `PaperClipOutlined`; without
   * one, the same icon comes with the kit's on-demand parts (a blank of its size until then).
   */
  icon?: ReactNode;
}
