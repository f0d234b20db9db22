'use client';
import { useEffect, useState } from 'react';
import { FileCard } from '../antdx.js';

/**
 * A pending attachment in the composer. Images show a real preview from an object URL, created
 * when the card mounts and revoked when it goes (removed, sent, or the composer unmounts).
 */
export function AttachmentPreview({ file }: { file: File }) {
  const isImage = file.type.startsWith('image/');
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!isImage || typeof URL.createObjectURL !== 'function') return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(undefined);
    };
  }, [file, isImage]);
  if (isImage && url) return <FileCard name={file.name} byte={file.size} type="image" src={url} size="small" imageProps={{ alt: file.name }} />;
  return <FileCard name={file.name} byte={file.size} type="file" size="small" />;
}
