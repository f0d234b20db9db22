import type { Catalogue } from './catalogue.js';
import kmr_IQ from './kmr_IQ.js';

/**
 * Kurdish as antd's `ku_IQ` names it: the older name of Kurmanji (Latin script), so the `kmr_IQ`
 * catalogue under its own tag — one translation of the language, not two drafts that drift apart.
 */
const catalogue: Catalogue = { ...kmr_IQ, locale: 'ku-IQ' };
export default catalogue;
