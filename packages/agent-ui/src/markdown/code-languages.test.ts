import shared from 'highlight.js/lib/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALIASES, highlighterLanguage, hljs, LANGUAGES, releaseLanguages } from './code-languages.js';

describe('the highlighter languages, registered when used and let go when idle', () => {
  afterEach(() => releaseLanguages());

  it('knows every alias the language definitions give, and no other', () => {
    const fromDefinitions: Record<string, string> = {};
    for (const [name, define] of Object.entries(LANGUAGES)) for (const alias of define(hljs).aliases ?? []) fromDefinitions[alias] = name;
    expect(ALIASES).toEqual(fromDefinitions);
  });

  it('registers a language the first time a block in it is highlighted, by its name or an alias', () => {
    expect(hljs.getLanguage('rust')).toBeUndefined();
    expect(highlighterLanguage('rs')).toBe('rust');
    expect(hljs.getLanguage('rust')?.name).toBe('Rust');
    expect(highlighterLanguage('rust')).toBe('rust');
    expect(hljs.getLanguage('python')).toBeUndefined();
  });

  it('registers the languages a language highlights parts of its code in', () => {
    expect(hljs.getLanguage('bash')).toBeUndefined();
    expect(highlighterLanguage('console')).toBe('shell');
    expect(hljs.getLanguage('bash')).toBeDefined();
    const session = hljs.highlight('$ ls -la\ntotal 0', { language: 'shell' }).value;
    expect(session).toContain('hljs-built_in'); // `ls` coloured as a bash command
  });

  it('lets go of the languages once the browser is idle after a highlight, and registers them again for the next one', async () => {
    expect(highlighterLanguage('ts')).toBe('typescript');
    expect(hljs.getLanguage('typescript')).toBeDefined();
    // A highlight before the idle moment keeps them.
    expect(highlighterLanguage('json')).toBe('json');
    expect(hljs.listLanguages().sort()).toEqual(['javascript', 'json', 'typescript', 'xml']); // TypeScript's JSX as XML, and XML's scripts as JavaScript
    await vi.waitFor(() => expect(hljs.listLanguages()).toEqual([]), { timeout: 2_000 });
    expect(hljs.getLanguage('ts')).toBeUndefined(); // its aliases went with it
    expect(highlighterLanguage('ts')).toBe('typescript');
    expect(hljs.highlight('const a: number = 1;', { language: 'typescript' }).value).toContain('hljs-keyword');
  });

  it('keeps to its own instance of highlight.js: a language the app registered on the shared one stays', async () => {
    shared.registerLanguage('python', LANGUAGES.python!);
    expect(highlighterLanguage('ts')).toBe('typescript');
    expect(shared.getLanguage('typescript')).toBeUndefined();
    await vi.waitFor(() => expect(hljs.listLanguages()).toEqual([]), { timeout: 2_000 });
    expect(shared.getLanguage('python')).toBeDefined();
  });

  it('answers undefined for a language the highlighter does not have, or a name of an object property', () => {
    expect(highlighterLanguage('cobol')).toBeUndefined();
    expect(highlighterLanguage('constructor')).toBeUndefined();
    expect(highlighterLanguage('toString')).toBeUndefined();
  });
});
