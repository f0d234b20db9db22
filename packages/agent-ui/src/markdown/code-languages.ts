// The highlighter's languages (highlight.js core and the languages models write most, never its
// full build of 190+), registered when a code block in one is highlighted and let go again once the
// browser is idle after that: a language's definition is a tree of modes and keyword lists, and the
// first highlight compiles it into regular expressions (with their machine code) and a keyword
// table — kept, that is ≈ 0.17 MB for TypeScript alone, for as long as the page lives, to save
// 2–4 ms when the next block is highlighted after a pause (S8, `bench/render/probe-heap.ts`).
import core from 'highlight.js/lib/core';
import type { LanguageFn } from 'highlight.js';
import { whenIdle } from '@x/agent-core';
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

/**
 * The kit's own instance of highlight.js (not the module's shared one: an app that highlights code
 * with it keeps the languages it registered when the kit lets go of its own).
 */
export const hljs = core.newInstance();

export const LANGUAGES: Record<string, LanguageFn> = { bash, diff, javascript, json, python, rust, shell, sql, typescript, xml, yaml };

/** Each language's other names, as its definition gives them (`code-languages.test.ts` keeps them equal). */
export const ALIASES: Record<string, string> = {
  sh: 'bash',
  zsh: 'bash',
  patch: 'diff',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsonc: 'json',
  json5: 'json',
  py: 'python',
  gyp: 'python',
  ipython: 'python',
  rs: 'rust',
  console: 'shell',
  shellsession: 'shell',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  html: 'xml',
  xhtml: 'xml',
  rss: 'xml',
  atom: 'xml',
  xjb: 'xml',
  xsd: 'xml',
  xsl: 'xml',
  plist: 'xml',
  wsf: 'xml',
  svg: 'xml',
  yml: 'yaml',
};

/**
 * Languages a language's definition highlights parts of its code in (`subLanguage`: a shell
 * session's commands as bash, a page's `<script>` as JavaScript, JSX's markup as XML), among those
 * the highlighter has: registered with it, so a block highlights the same whichever came first.
 */
const SUB_LANGUAGES: Record<string, readonly string[]> = { shell: ['bash'], xml: ['javascript'], javascript: ['xml'], typescript: ['xml'] };

function register(name: string): void {
  if (hljs.getLanguage(name)) return;
  hljs.registerLanguage(name, LANGUAGES[name]!);
  for (const sub of SUB_LANGUAGES[name] ?? []) register(sub);
}

let cancelRelease: (() => void) | undefined;

/** Lets go of every registered language (the next highlight registers and compiles its own again). */
export function releaseLanguages(): void {
  cancelRelease?.();
  cancelRelease = undefined;
  for (const name of hljs.listLanguages()) hljs.unregisterLanguage(name);
}

/** {@link releaseLanguages} when the browser is next idle, unless a highlight comes first. */
function releaseWhenIdle(): void {
  cancelRelease?.();
  cancelRelease = whenIdle(releaseLanguages);
}

/**
 * The highlighter's name of a code block's language (`ts` → `typescript`), registered for the
 * highlight that asks (and let go once the browser is idle); undefined for a language it does not
 * have (the code stays plain).
 */
export function highlighterLanguage(language: string): string | undefined {
  const name = Object.hasOwn(LANGUAGES, language) ? language : Object.hasOwn(ALIASES, language) ? ALIASES[language]! : undefined;
  if (name === undefined) return undefined;
  register(name);
  releaseWhenIdle();
  return name;
}

