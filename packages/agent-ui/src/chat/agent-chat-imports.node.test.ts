import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// AgentChat is one composition of the kit's documented parts (issue 37): its source imports from
// the package only what the package exports — the root entry and the plug-in entries — so an app can
// write the same chat, or another layout, from the same parts. The custom-layout story proves it
// from outside: it imports the packages' entries only.

const src = path.resolve(import.meta.dirname, '..');
const repo = path.resolve(src, '../../..');
const ENTRIES = ['index.ts', ...['queue', 'attachments', 'dictation', 'branches', 'resume', 'live', 'a2ui', 'mcp-apps'].map((name) => `plugins/${name}`)];

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** `./x.js` from `from` → the source file's path without extension. */
function resolveModule(from: string, specifier: string): string {
  return path.resolve(path.dirname(from), specifier).replace(/\.js$/u, '');
}

function entryFile(entry: string): string {
  const base = path.join(src, entry.replace(/\.ts$/u, ''));
  for (const ext of ['.ts', '.tsx']) {
    try {
      readFileSync(base + ext);
      return base + ext;
    } catch {
      // try the next extension
    }
  }
  throw new Error(`no source for entry ${entry}`);
}

/** Every `module#name` the public entries export (re-exports and the entries' own declarations). */
function publicNames(): Set<string> {
  const names = new Set<string>();
  for (const entry of ENTRIES) {
    const file = entryFile(entry);
    const source = parse(file);
    const own = file.replace(/\.tsx?$/u, '');
    for (const statement of source.statements) {
      if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        const target = resolveModule(file, statement.moduleSpecifier.text);
        for (const element of statement.exportClause.elements) names.add(`${target}#${(element.propertyName ?? element.name).text}`);
      }
      if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) names.add(`${own}#${element.name.text}`);
      }
      const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
      if (modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) && 'name' in statement && statement.name && ts.isIdentifier(statement.name as ts.Node)) {
        names.add(`${own}#${(statement.name as ts.Identifier).text}`);
      }
    }
  }
  // A public name a module re-exports from another (`export type { X } from './x-types.js'`) is public there too.
  for (const key of names) {
    const [module, name] = key.split('#') as [string, string];
    const file = [`${module}.ts`, `${module}.tsx`].find((candidate) => {
      try {
        readFileSync(candidate);
        return true;
      } catch {
        return false;
      }
    });
    if (!file) continue;
    for (const statement of parse(file).statements) {
      if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) continue;
      const element = statement.exportClause.elements.find((e) => e.name.text === name);
      if (element) names.add(`${resolveModule(file, (statement.moduleSpecifier as ts.StringLiteral).text)}#${(element.propertyName ?? element.name).text}`);
    }
  }
  return names;
}

/** The imports of `file`: specifier and imported names. */
function importsOf(file: string): { specifier: string; names: string[] }[] {
  return parse(file)
    .statements.filter(ts.isImportDeclaration)
    .map((statement) => {
      const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      const bindings = statement.importClause?.namedBindings;
      const names = bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => (e.propertyName ?? e.name).text) : [];
      if (statement.importClause?.name) names.push('default');
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      return { specifier, names };
    });
}

describe('AgentChat is composed from exported parts', () => {
  it('imports from its own package only names the root entry or a plug-in entry exports', () => {
    const file = path.join(src, 'chat/agent-chat.tsx');
    const exported = publicNames();
    const privateImports = importsOf(file)
      .filter(({ specifier }) => specifier.startsWith('.'))
      .flatMap(({ specifier, names }) => names.map((name) => `${path.relative(src, resolveModule(file, specifier))}#${name}`))
      .filter((key) => !exported.has(path.join(src, key)));
    expect(privateImports).toEqual([]);
    // And from other packages their public entries only.
    expect(importsOf(file).filter(({ specifier }) => /\/internal|\/src\/|\/dist\//u.test(specifier))).toEqual([]);
  });

  it('fails for a private part (the check itself): an unexported module of the package is flagged', () => {
    const exported = publicNames();
    expect(exported.has(path.join(src, 'chat/agent-chat-panel#AgentChatPanel'))).toBe(true);
    expect(exported.has(path.join(src, 'lazy/lazy-component#lazyComponent'))).toBe(false);
    expect(exported.has(path.join(src, 'plugins/plugins-context#PluginsContext'))).toBe(false);
  });

  it('the custom-layout story imports the packages’ public entries only', () => {
    const story = path.join(repo, 'stories/CustomLayout.stories.tsx');
    const kit = importsOf(story).filter(({ specifier }) => specifier.startsWith('@x/') || specifier.startsWith('.') || specifier.includes('packages/'));
    // The kit's public entries, and the mock server the stories run on.
    const allowed = /^@x\/(agent-ui|agent-ui\/plugins\/[a-z-]+|agent-react|agent-protocol|mock-server|mock-server\/msw)$/u;
    expect(kit.filter(({ specifier }) => !allowed.test(specifier) && !specifier.startsWith('./support') && !specifier.startsWith('../stories'))).toEqual([]);
    expect(kit.some(({ specifier }) => specifier === '@x/agent-ui')).toBe(true);
  });
});
