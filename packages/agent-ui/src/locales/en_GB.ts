import type { Catalogue } from './catalogue.js';
import en_US from './en_US.js';

/** English (United Kingdom): the US catalogue with British spelling. */
const catalogue: Catalogue = {
  ...en_US,
  locale: 'en-GB',
  chat: { ...en_US.chat, compactionMarker: 'Earlier messages were summarised' },
};

export default catalogue;
