import type { CSSProperties } from 'react';

/**
 * Ant Design X FileCard's `styles` for a name the user gave (an attachment): the name reads in its
 * own direction (`unicode-bidi: plaintext`, what `dir="auto"` does, on an element FileCard renders
 * itself), so an Arabic file name in an English chat (or the reverse) is not scrambled.
 */
export const USER_FILE_NAME_STYLES: { name: CSSProperties } = { name: { unicodeBidi: 'plaintext' } };
