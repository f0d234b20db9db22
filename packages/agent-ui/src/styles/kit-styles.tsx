'use client';
import { createContext, useContext, type ReactNode } from 'react';
import { KIT_CSS } from './kit-css.js';

/**
 * How the kit's own stylesheet reaches the page:
 * - `'runtime'` (the default): the kit renders it, once per page — a React 19 `<style href precedence>`,
 *   hoisted into `<head>` and de-duplicated by React (in server rendering too: the HTML arrives styled);
 * - `'static'`: the app imports `@x/agent-ui/styles.css` itself (its bundler puts it in a CSS file),
 *   and the kit renders no `<style>`.
 */
export type KitStylesMode = 'runtime' | 'static';

/** The mode chosen above (`null`: no provider above: a kit component that needs the styles renders them itself). */
const KitStylesContext = createContext<KitStylesMode | null>(null);

/** The `href` React de-duplicates the runtime stylesheet by (the `xagent-` prefix marks the kit's hoisted styles). */
export const KIT_STYLES_HREF = 'xagent-ui';

/**
 * The kit's stylesheet as a hoisted, de-duplicated `<style>` (any number of them on a page make one):
 * one element for every place that renders it (a host element, no component around it).
 */
export const KIT_STYLE_SHEET = (
  <style href={KIT_STYLES_HREF} precedence="default">
    {KIT_CSS}
  </style>
);

/** Renders the kit's stylesheet once (unless `mode` is `'static'`) and tells the kit's components below that it is handled. */
export function KitStyles({ mode, children }: { mode: KitStylesMode | undefined; children?: ReactNode }) {
  const parent = useContext(KitStylesContext);
  const chosen = mode ?? parent ?? 'runtime';
  return (
    <KitStylesContext.Provider value={chosen}>
      {chosen === 'runtime' && parent !== 'runtime' ? KIT_STYLE_SHEET : null}
      {children}
    </KitStylesContext.Provider>
  );
}

/** The styles mode chosen by a provider above (`null`: none above). */
export function useKitStylesMode(): KitStylesMode | null {
  return useContext(KitStylesContext);
}

/** Whether a provider above took care of the kit's stylesheet (rendered it, or the app imports the static file). */
export function useKitStylesHandled(): boolean {
  return useContext(KitStylesContext) !== null;
}
