'use client';
// Loaded on demand (its own chunk, see code-block.tsx): highlight.js core; each language registers
// the first time a block in it is highlighted (code-languages.ts).
import { useMemo } from 'react';
import { highlighterLanguage, hljs } from './code-languages.js';
import { DARK_PALETTE, LIGHT_PALETTE, scopeColor, type CodePalette } from './code-palette.js';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
/** A palette colour as it may appear in a style attribute (the palettes hold hex colours only). */
const HEX_COLOR = /^#[0-9a-f]{3,8}$/i;

/**
 * The page's HTML for highlight.js output: only `<span class>` (as `<span style="color:…">` from
 * `palette`, or a bare `<span>`), `</span>` and text pass, the text decoded and escaped again, the
 * spans balanced. Inline colours: no stylesheet, nothing that reaches the host page.
 *
 * One string for the whole block, set as the `<code>`'s HTML: a highlighted block is one React
 * element, not one per token (a long reply's code was thousands of fibers and style objects).
 */
export function highlightedHtml(html: string, palette: CodePalette): string {
  // Pieces joined once: one flat string. Appended piece by piece (`out += …`) it would be a tree of
  // thousands of concatenated strings, which the block's props keep as long as it is mounted (S8:
  // 12,000 of them, 240 KB, for 5 replies with code).
  const out: string[] = [];
  let open = 0;
  for (const match of html.matchAll(/<span class="([^"]*)">|<\/span>|[^<]+/g)) {
    if (match[1] !== undefined) {
      const color = scopeColor(match[1], palette);
      out.push(color && HEX_COLOR.test(color) ? `<span style="color:${color}">` : '<span>');
      open++;
    } else if (match[0] === '</span>') {
      if (open === 0) continue;
      open--;
      out.push('</span>');
    } else {
      out.push(escape(decode(match[0])));
    }
  }
  out.push('</span>'.repeat(open));
  return out.join('');
}

/** What the code element carries besides its content (the kit's stylesheet styles it: no inline style). */
export interface CodeElementProps {
  className: string | undefined;
}

/** `<code>` with `code` highlighted as `language` (plain text when highlight.js does not know it). */
export function HighlightedCode({ code, language, dark, className }: { code: string; language: string | undefined; dark: boolean } & CodeElementProps) {
  const palette = dark ? DARK_PALETTE : LIGHT_PALETTE;
  const html = useMemo(
    () => {
      const name = language ? highlighterLanguage(language) : undefined;
      return name ? highlightedHtml(hljs.highlight(code, { language: name, ignoreIllegals: true }).value, palette) : undefined;
    },
    [code, language, palette],
  );
  // Safe: `highlightedHtml` lets only palette-coloured spans and escaped text through.
  return html === undefined ? <code className={className}>{code}</code> : <code className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
