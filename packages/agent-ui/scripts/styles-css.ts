/**
 * Writes `styles.css` (the `@x/agent-ui/styles.css` entry: the kit's own stylesheet, for apps that
 * import it instead of letting the kit render it — `ui={{ styles: 'static' }}`) from its one source,
 * `src/styles/kit-css.ts`. Run it after changing that file: `node packages/agent-ui/scripts/styles-css.ts`
 * (the package's `build` runs it too); `src/styles/styles-file.test.ts` fails while the two differ.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { KIT_CSS } from '../src/styles/kit-css.ts';

export const STYLES_FILE = path.resolve(import.meta.dirname, '../styles.css');

if (import.meta.main) {
  writeFileSync(STYLES_FILE, KIT_CSS);
  console.log(`wrote ${path.relative(process.cwd(), STYLES_FILE)} (${KIT_CSS.length} bytes)`);
}
