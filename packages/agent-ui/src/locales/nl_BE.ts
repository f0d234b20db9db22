import type { Catalogue } from './catalogue.js';
import nl_NL from './nl_NL.js';

/** Dutch (Belgium): the Netherlands catalogue (machine-drafted from en_US; see the notes for translators in `en_US.ts`). */
const catalogue: Catalogue = {
  ...nl_NL,
  locale: 'nl-BE',
};

export default catalogue;
