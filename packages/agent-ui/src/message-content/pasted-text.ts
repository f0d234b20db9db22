import type { OutgoingMessage } from '@x/agent-react';

/** A file part as `sendMessage` takes it. */
export type FileUIPart = Extract<NonNullable<OutgoingMessage['files']>, readonly unknown[]>[number];

/**
 * Long pasted text: over a threshold a paste becomes a "Pasted text" attachment instead of a giant
 * text field. It travels as a `text/plain` file part named {@link PASTED_TEXT_FILENAME} (a data URL
 * of its UTF-8 bytes): the model reads it as a text document, and the transcript shows it as a chip
 * with a preview (`pastedTextOf`), not as a 6,000-pixel bubble.
 */

/** When a paste becomes an attachment (`AgentComposer`'s `pastedText`). */
export interface PastedTextOptions {
  /** At least this many characters (default 2,000). */
  minChars?: number;
  /** Or at least this many lines (default 40). */
  minLines?: number;
}

export const PASTED_TEXT_FILENAME = 'Pasted text.txt';
const MEDIA_TYPE = 'text/plain';
const PREFIX = `data:${MEDIA_TYPE};charset=utf-8;base64,`;

const lineCount = (text: string) => text.split('\n').length;

/** True when `text` is long enough to become an attachment. */
export function isLongPaste(text: string, options: PastedTextOptions = {}): boolean {
  return text.length >= (options.minChars ?? 2_000) || lineCount(text) >= (options.minLines ?? 40);
}

/** Lines and characters of a pasted text (what its chip says). */
export function pastedSize(text: string): { lines: number; chars: number } {
  return { lines: lineCount(text), chars: text.length };
}

/** The file part a pasted text is sent as. */
export function pastedTextFile(text: string): FileUIPart {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return { type: 'file', mediaType: MEDIA_TYPE, filename: PASTED_TEXT_FILENAME, url: PREFIX + btoa(binary) };
}

/** The text of a pasted-text file part, or undefined for any other part (or one that does not decode). */
export function pastedTextOf(part: { filename?: unknown; mediaType?: unknown; url?: unknown }): string | undefined {
  if (part.filename !== PASTED_TEXT_FILENAME || part.mediaType !== MEDIA_TYPE || typeof part.url !== 'string' || !part.url.startsWith(PREFIX)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(part.url.slice(PREFIX.length)), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}
