import type { Catalogue } from './catalogue.js';
import fr_FR from './fr_FR.js';

/** French (Belgium): the French catalogue (the kit's texts read the same in Belgium). */
const catalogue: Catalogue = { ...fr_FR, locale: 'fr-BE' };

export default catalogue;
