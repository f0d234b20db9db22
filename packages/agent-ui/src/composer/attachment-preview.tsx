'use client';
import { useEffect } from 'react';
import { FileCard } from '../lazy/on-demand-antdx.js';
import { USER_FILE_NAME_STYLES } from '../message-content/user-file-name.js';
import { attachmentImageProps } from '../message-content/attachment-image.js';

interface ObjectUrl {
  url: string;
  users: number;
  timer?: ReturnType<typeof setTimeout>;
}

/** One object URL per file, shared by the cards showing it, revoked once the last one unmounts. */
const objectUrls = new WeakMap<File, ObjectUrl>();

function objectUrlOf(file: File): ObjectUrl | undefined {
  if (typeof URL.createObjectURL !== 'function') return undefined;
  let entry = objectUrls.get(file);
  if (!entry) {
    entry = { url: URL.createObjectURL(file), users: 0 };
    objectUrls.set(file, entry);
  }
  return entry;
}

function retain(entry: ObjectUrl): void {
  entry.users += 1;
  clearTimeout(entry.timer);
}

function release(file: File, entry: ObjectUrl): void {
  entry.users -= 1;
  if (entry.users > 0) return;
  entry.timer = setTimeout(() => {
    if (entry.users > 0) return;
    URL.revokeObjectURL(entry.url);
    objectUrls.delete(file);
  }, 0);
}

/**
 * A pending attachment in the composer. Images show a real preview from an object URL, revoked
 * when the card goes (removed, sent, or the composer unmounts). The revoke waits a tick, so a
 * remount in the same commit (React's StrictMode checks) keeps the URL.
 */
export function AttachmentPreview({ file }: { file: File }) {
  const entry = file.type.startsWith('image/') ? objectUrlOf(file) : undefined;
  useEffect(() => {
    if (!entry) return;
    retain(entry);
    return () => release(file, entry);
  }, [entry, file]);
  if (entry) return <FileCard name={file.name} byte={file.size} type="image" src={entry.url} size="small" imageProps={attachmentImageProps(file.name)} styles={USER_FILE_NAME_STYLES} />;
  return <FileCard name={file.name} byte={file.size} type="file" size="small" styles={USER_FILE_NAME_STYLES} />;
}
