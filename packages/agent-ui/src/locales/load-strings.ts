import { useEffect, useSyncExternalStore } from 'react';
import { enUS } from './built-in.js';
import { type AgentUIStrings } from './agent-ui-strings.js';
import type { Catalogue } from './catalogue.js';
import { CATALOGUE_LOADERS } from './catalogue-loaders.js';
import { compileStrings } from './compile.js';
import type { CatalogueCode } from './locale-codes.js';

/**
 * The kit's catalogues at run time: English is built in; every other catalogue is fetched by its own
 * `import()` the first time its locale is used, compiled once and kept. Components show English until
 * it arrives (never an empty string), then re-render.
 */

const compiled = new Map<CatalogueCode, AgentUIStrings>([['en_US', enUS]]);
const pending = new Map<CatalogueCode, Promise<AgentUIStrings>>();
/** Catalogues the app provided up front (`provideCatalogue`): the only ones server rendering and hydration use. */
const provided = new Set<CatalogueCode>(['en_US']);
const listeners = new Set<() => void>();

function publish(code: CatalogueCode, strings: AgentUIStrings) {
  compiled.set(code, strings);
  // Never synchronously: `provideCatalogue` may run while a component renders.
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}

/**
 * The catalogue the kit uses for `code`: its own, or while a locale has no catalogue file yet another
 * region of its language (`fr_CA` → `fr_FR`), or English.
 */
export function availableCatalogue(code: CatalogueCode): CatalogueCode {
  if (code === 'en_US' || CATALOGUE_LOADERS[code]) return code;
  const language = code.slice(0, code.indexOf('_') + 1);
  const sibling = (Object.keys(CATALOGUE_LOADERS) as CatalogueCode[]).find((other) => other.startsWith(language));
  return sibling ?? 'en_US';
}

/** The compiled strings of `code` if they are here already (English always is). */
export function peekStrings(code: CatalogueCode): AgentUIStrings | undefined {
  return compiled.get(availableCatalogue(code));
}

/** The strings of `code`, fetched (once) and compiled. A failed fetch rejects and is tried again on the next call. */
export function loadStrings(code: CatalogueCode): Promise<AgentUIStrings> {
  const available = availableCatalogue(code);
  const done = compiled.get(available);
  if (done) return Promise.resolve(done);
  let promise = pending.get(available);
  if (!promise) {
    promise = CATALOGUE_LOADERS[available]!().then(
      (module) => {
        const strings = compileStrings(module.default);
        pending.delete(available);
        publish(available, strings);
        return strings;
      },
      (error: unknown) => {
        pending.delete(available);
        throw error;
      },
    );
    pending.set(available, promise);
  }
  return promise;
}

/**
 * Makes a catalogue the app imported itself (`import { de_DE } from '@x/agent-ui/locales'`) available at once, without a
 * fetch: what server rendering needs so that the server's HTML and the first client render agree.
 */
export function provideCatalogue(code: CatalogueCode, catalogue: Catalogue): AgentUIStrings {
  const strings = compiledCatalogue(catalogue);
  provided.add(code);
  if (compiled.get(code) !== strings) publish(code, strings);
  return strings;
}

const byCatalogue = new WeakMap<Catalogue, AgentUIStrings>();

/** `catalogue` compiled, once per catalogue object. */
export function compiledCatalogue(catalogue: Catalogue): AgentUIStrings {
  let strings = byCatalogue.get(catalogue);
  if (!strings) {
    strings = compileStrings(catalogue);
    byCatalogue.set(catalogue, strings);
  }
  return strings;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The strings of `code` once loaded (`undefined` before, and for no code); starts the load. Server
 * rendering and hydration see only catalogues provided up front (so both render the same HTML even
 * when the client has fetched a catalogue already); the client switches right after hydration.
 */
export function useCatalogueStrings(code: CatalogueCode | undefined): AgentUIStrings | undefined {
  const read = () => (code ? peekStrings(code) : undefined);
  const readProvided = () => (code && provided.has(availableCatalogue(code)) ? peekStrings(code) : undefined);
  const strings = useSyncExternalStore(subscribe, read, readProvided);
  useEffect(() => {
    if (code && !peekStrings(code)) {
      loadStrings(code).catch((error: unknown) => {
        // The kit stays in English; the next mount tries again.
        console.warn(`[@x/agent-ui] The ${code} strings could not be loaded:`, error);
      });
    }
  }, [code]);
  return strings;
}
