import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The READMEs whose ```ts / ```tsx snippets must compile. */
export const README_FILES = ['README.md', 'packages/agent-protocol/README.md', 'packages/agent-core/README.md', 'packages/agent-react/README.md', 'packages/agent-server/README.md', 'packages/agent-ui/README.md'];

/** One snippet of a README: where it is and its code. */
export interface Snippet {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: 'ts' | 'tsx';
  code: string;
}

/**
 * The ```ts and ```tsx blocks of a README. A block whose first line starts with `// @readme: skip` is not
 * compiled (a fragment, such as one object of a larger config); every other block is a module of its own.
 */
export function snippetsOf(root: string, file: string): Snippet[] {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  const snippets: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(tsx?)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    if (body[0]?.startsWith('// @readme: skip')) continue;
    snippets.push({ file, line: start + 1, lang: open[1] as 'ts' | 'tsx', code: body.join('\n') });
  }
  return snippets;
}

/**
 * Where a snippet is compiled, so that its imports resolve as in an app with the package installed:
 * a package's snippets beside its `package.json`; the root README's server code (`.ts`) beside
 * `@x/agent-server` (its providers and Express), its UI code at the root.
 */
export function snippetDir(root: string, snippet: Snippet): string {
  const home = snippet.file === 'README.md' ? (snippet.lang === 'ts' ? 'packages/agent-server' : '.') : path.dirname(snippet.file);
  return path.join(root, home, '.readme-snippets');
}

/** Writes every snippet as a module of its own and compiles them together; returns the errors (`file:line message`). */
export function compileSnippets(root: string): { count: number; errors: string[] } {
  const snippets = README_FILES.flatMap((file) => snippetsOf(root, file));
  const dirs = new Set<string>();
  const files = snippets.map((snippet) => {
    const dir = snippetDir(root, snippet);
    if (!dirs.has(dir)) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      dirs.add(dir);
    }
    const name = path.join(dir, `${snippet.file.replace(/[/.]/g, '_')}_${snippet.line}.${snippet.lang}`);
    writeFileSync(name, `${snippet.code}\nexport {};\n`);
    return { name, snippet };
  });
  try {
    const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    const globals = ['readme-globals.d.ts', 'readme-modules.d.ts'].map((f) => path.join(root, 'test/readme', f));
    const program = ts.createProgram([...files.map((f) => f.name), ...globals], { ...config?.options, noEmit: true, types: ['node'] });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const at = files.find((f) => f.name === d.file?.fileName);
      const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
      const where = at ? `${at.snippet.file}:${at.snippet.line + line}` : (d.file?.fileName ?? '');
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
    return { count: files.length, errors };
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
