/**
 * A small reader of flat, machine-written stylesheets (the kit's own, and the antd / Ant Design X
 * rules `scripts/antd-css.ts` extracts): top-level blocks, selector lists, the selectors of every
 * style rule (inside `@media` / `@supports` / `@layer` too; keyframe steps are not selectors).
 * Not a CSS parser: no strings containing braces, which neither stylesheet has.
 */

/** One top-level block: `prelude { body }` (a style rule or an at-rule with a body). */
export interface CssBlock {
  prelude: string;
  body: string;
}

/** The top-level blocks of `css`, comments removed. */
export function cssBlocks(css: string): CssBlock[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const out: CssBlock[] = [];
  let depth = 0;
  let start = 0;
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '{') {
      if (depth === 0) open = i;
      depth++;
    } else if (char === '}') {
      depth--;
      if (depth === 0) {
        out.push({ prelude: text.slice(start, open).trim(), body: text.slice(open + 1, i) });
        start = i + 1;
      }
    }
  }
  return out;
}

/** A selector list split at its top-level commas (not those inside `:is(…)` / `:where(…)`). */
export function splitSelectorList(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (list[i] === ',' && depth === 0) {
      out.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(list.slice(start).trim());
  return out;
}

/** At-rules whose body holds style rules (their selectors count); other at-rules (`@keyframes`, `@font-face`) hold none. */
const GROUPING_AT_RULE = /^@(?:media|supports|layer|container)\b/;

/** Every selector of every style rule in `css`, nested in grouping at-rules or not. */
export function styleSelectors(css: string): string[] {
  return cssBlocks(css).flatMap(({ prelude, body }) => {
    if (GROUPING_AT_RULE.test(prelude)) return styleSelectors(body);
    if (prelude.startsWith('@')) return [];
    return splitSelectorList(prelude);
  });
}
