/**
 * Writes `src/locales/catalogue.ts` (the `Catalogue` type: the English catalogue's shape, every leaf a
 * `string` or `readonly string[]`), `src/locales/catalogue-loaders.ts` (one `import()` per catalogue file in `src/locales/`,
 * English excepted: it is built in) and `src/locales/index.ts` (the `@x/agent-ui/locales` entry: every
 * catalogue by name, for apps that import one up front, and the locale helpers). Run it after adding a catalogue:
 * `node packages/agent-ui/scripts/locale-loaders.ts`; `catalogues.test.ts` fails while the map and
 * the files differ.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../src/locales');

/** The catalogue files present (antd's locale names: `de_DE.ts`, `kmr_IQ.ts`, …). */
export function catalogueFiles(): string[] {
  return readdirSync(dir)
    .filter((file) => /^[a-z]{2,3}_[A-Z]{2}\.ts$/u.test(file))
    .map((file) => file.slice(0, -3))
    .sort();
}

export function loadersSource(codes: readonly string[]): string {
  const lines = codes.filter((code) => code !== 'en_US').map((code) => `  ${code}: () => import('./${code}.js'),`);
  return `// Written by scripts/locale-loaders.ts from the catalogue files present: do not edit by hand.
import type { Catalogue } from './catalogue.js';
import type { CatalogueCode } from './locale-codes.js';

/**
 * One \`import()\` per catalogue (English is built in), written out so that bundlers (Vite, Next,
 * webpack) make each catalogue its own chunk, fetched only when its locale is used.
 */
export const CATALOGUE_LOADERS: Partial<Record<CatalogueCode, () => Promise<{ default: Catalogue }>>> = {
${lines.join('\n')}
};
`;
}

/** The `Catalogue` interface: the shape of `catalogue` (the English one), written out key by key. */
export function catalogueTypeSource(catalogue: object): string {
  const shape = (value: unknown, indent: string): string => {
    if (typeof value === 'string') return 'string';
    if (Array.isArray(value)) return 'readonly string[]';
    const inner = Object.entries(value as Record<string, unknown>).map(([key, v]) => `${indent}  readonly ${/^[A-Za-z_$][\w$]*$/u.test(key) ? key : JSON.stringify(key)}: ${shape(v, `${indent}  `)};`);
    return `{\n${inner.join('\n')}\n${indent}}`;
  };
  return `// Written by scripts/locale-loaders.ts from en_US.ts (the source catalogue): do not edit by hand.

/**
 * The kit's strings for one locale: the shape of the English catalogue (\`en_US.ts\`), every leaf a
 * message in the kit's ICU MessageFormat subset (\`{name}\`, \`{count, plural, one {# x} other {# xs}}\`,
 * \`{key, select, a {…} other {…}}\`; see \`format-message.ts\`) or, for lists of quick picks, an array
 * of plain strings. A locale missing a key is a type error. What each key means: the notes in \`en_US.ts\`.
 */
export interface Catalogue ${shape(catalogue, '')}
`;
}

export function entrySource(codes: readonly string[]): string {
  return `// Written by scripts/locale-loaders.ts from the catalogue files present: do not edit by hand.
// \`@x/agent-ui/locales\`: every catalogue by its antd locale name. Import the one you need up front
// (\`import { de_DE } from '@x/agent-ui/locales'\`; bundlers keep only that one) and pass it as
// \`catalogue\` for server rendering; the kit otherwise loads the active one on demand.
${codes.map((code) => `export { default as ${code} } from './${code}.js';`).join('\n')}
// The locale helpers (the root entry keeps what AgentChat's props name: \`Catalogue\`, \`AgentUIStrings\`).
export type { Catalogue } from './catalogue.js';
export { compileStrings } from './compile.js';
export { formatMessage, type MessageArgs, type MessageValue } from './format-message.js';
export { loadStrings, provideCatalogue } from './load-strings.js';
export { CATALOGUE_CODES, catalogueCodeForTag, catalogueCodeOfAntdLocale, catalogueTag, isCatalogueCode, localeDirection, type AntdLocaleLike, type CatalogueCode } from './locale-codes.js';
`;
}

if (import.meta.main) {
  const codes = catalogueFiles();
  const { default: english } = (await import(path.join(dir, 'en_US.ts'))) as { default: object };
  writeFileSync(path.join(dir, 'catalogue.ts'), catalogueTypeSource(english));
  writeFileSync(path.join(dir, 'catalogue-loaders.ts'), loadersSource(codes));
  writeFileSync(path.join(dir, 'index.ts'), entrySource(codes));
}
