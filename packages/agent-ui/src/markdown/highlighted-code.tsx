'use client';
// Loaded on demand (its own chunk, see code-block.tsx): highlight.js core with the languages
// models write most, never its full build (190+ languages).
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import diff from 'highlight.js/lib/languages/diff';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { useMemo, type ReactNode } from 'react';
import { DARK_PALETTE, LIGHT_PALETTE, scopeColor, type CodePalette } from './code-palette.js';

const LANGUAGES = { bash, diff, javascript, json, python, rust, shell, sql, typescript, xml, yaml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * React nodes for highlight.js HTML (only `<span class>`, `</span>` and escaped text), coloured
 * inline from `palette`: no stylesheet, nothing that reaches the host page.
 */
export function highlightedNodes(html: string, palette: CodePalette): ReactNode[] {
  const root: ReactNode[] = [];
  const stack: { children: ReactNode[]; color: string | undefined }[] = [];
  let current = root;
  let key = 0;
  for (const match of html.matchAll(/<span class="([^"]*)">|<\/span>|[^<]+/g)) {
    if (match[1] !== undefined) {
      stack.push({ children: current, color: scopeColor(match[1], palette) });
      current = [];
    } else if (match[0] === '</span>') {
      const open = stack.pop();
      if (!open) continue;
      const children = current;
      current = open.children;
      current.push(open.color ? <span key={key++} style={{ color: open.color }}>{children}</span> : <span key={key++}>{children}</span>);
    } else {
      current.push(decode(match[0]));
    }
  }
  return root;
}

/** `code` highlighted as `language` (plain when highlight.js does not know it). */
export function HighlightedCode({ code, language, dark }: { code: string; language: string | undefined; dark: boolean }) {
  const palette = dark ? DARK_PALETTE : LIGHT_PALETTE;
  return useMemo(() => {
    if (!language || !hljs.getLanguage(language)) return <>{code}</>;
    const html = hljs.highlight(code, { language, ignoreIllegals: true }).value;
    return <>{highlightedNodes(html, palette)}</>;
  }, [code, language, palette]);
}
