import type en_US from './en_US.js';

/** A catalogue's leaves as `string` (or `readonly string[]`), whatever the English literal. */
type Widen<T> = T extends string ? string : T extends readonly string[] ? readonly string[] : { readonly [K in keyof T]: Widen<T[K]> };

/**
 * The kit's strings for one locale: the shape of the English catalogue (`en_US.ts`), every leaf a
 * message in the kit's ICU MessageFormat subset (`{name}`, `{count, plural, one {# x} other {# xs}}`,
 * `{key, select, a {…} other {…}}`; see `format-message.ts`) or, for lists of quick picks, an array
 * of plain strings. A locale missing a key is a type error.
 */
export type Catalogue = Widen<typeof en_US>;

