import type { CSSProperties } from 'react';

/**
 * An attached image at most its natural size: a small one is never upscaled (and blurred) to fill
 * the card, a large one shrinks to fit, keeping its aspect ratio. Ant Design X's FileCard stretches
 * its image to the card's width (`width: 100%`); this inline style wins over that rule.
 */
export const attachmentImageStyle: CSSProperties = { width: 'auto', height: 'auto', maxWidth: '100%', objectFit: 'contain' };

/** `imageProps` of a FileCard that shows an image attachment named `alt`. */
export function attachmentImageProps(alt: string): { alt: string; style: CSSProperties } {
  return { alt, style: attachmentImageStyle };
}
