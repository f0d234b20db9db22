import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const packageDir = path.resolve(import.meta.dirname, '..');
const distDir = path.join(packageDir, 'dist');

/** Every module specifier the built files import. */
async function distImports(): Promise<{ file: string; specifier: string }[]> {
  const out: { file: string; specifier: string }[] = [];
  for (const file of await readdir(distDir, { recursive: true })) {
    if (!/\.(js|d\.ts)$/.test(file)) continue;
    const text = await readFile(path.join(distDir, file), 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) out.push({ file, specifier: match[1]! });
  }
  return out;
}

describe('the built package', () => {
  beforeAll(() => {
    // Fails (never skips) without a build: `pnpm test` builds first.
    if (!existsSync(path.join(distDir, 'index.js'))) throw new Error(`${distDir}/index.js is missing: run \`pnpm build\` before this test`);
  });

  it('imports no antd or @ant-design module (hooks-only apps install no UI kit)', async () => {
    const imports = await distImports();
    expect(imports.length).toBeGreaterThan(10);
    expect(imports.filter(({ specifier }) => /^(antd|@ant-design)(\/|$)/.test(specifier))).toEqual([]);
    // `@ag-ui/client` is an optional peer, imported only by the `@x/agent-react/ag-ui` entry (dist/ag-ui/).
    const outsideAgUi = imports.filter(({ file }) => !file.startsWith(`ag-ui${path.sep}`));
    const bare = new Set(outsideAgUi.map(({ specifier }) => specifier).filter((s) => !s.startsWith('.')));
    // `eventsource-parser` decodes the stream; `@ai-sdk/provider-utils` (installed with `ai`) guards its JSON.
    for (const specifier of bare) expect(specifier).toMatch(/^(react|ai|@ai-sdk\/provider-utils|eventsource-parser|zustand|@x\/agent-protocol)(\/|$)/);
    expect(outsideAgUi.filter(({ specifier }) => /(^|\/)ag-ui\//.test(specifier))).toEqual([]);
    const agUiBare = new Set(imports.filter(({ file }) => file.startsWith(`ag-ui${path.sep}`)).map(({ specifier }) => specifier).filter((s) => !s.startsWith('.')));
    for (const specifier of agUiBare) expect(specifier).toMatch(/^(ai|@ag-ui\/client|@x\/agent-protocol)(\/|$)/);
  });

  it('stays small: gzip size with react, ai, zustand and zod external, up front and in all', async () => {
    // esbuild cannot run inside jsdom: measure in a child Node process.
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(packageDir, 'scripts/bundle-size.ts'), '--json'], { cwd: packageDir });
    const { gzip, entry, minified, inputs } = JSON.parse(stdout) as { gzip: number; entry: number; minified: number; inputs: string[] };
    console.info(`@x/agent-react bundle: ${minified} B minified, ${gzip} B gzip in all, ${entry} B gzip up front`);
    expect(inputs.some((input) => input.includes('agent-protocol'))).toBe(true);
    expect(inputs.some((input) => /node_modules\/(react|ai|zustand|zod)\//.test(input))).toBe(false);
    // Up front: 12 KB for the chat hooks + 2 KB for the conversation list (client, store,
    // useConversations: tree-shaken away by apps that do not import them) + 2 KB for run records
    // (`useRunRecord`), message delete undo and the transport class the package exports. What a chat
    // does only after its first paint (sending and the stream decoder, Stop, tool answers, server
    // history, resumable runs) is behind one `import()` and counts only in the total. Wave 3 added
    // ~0.3 KB up front and ~0.5 KB in all (versions of a message and switchBranch, the stream's idle
    // timeout, new conversations not fetched, the approval-request event, a feedback reason):
    // 16.7 KB up front and 19.0 KB in all when measured. Issue 23 (the hooks ≤ 10 KB by
    // composition) is where this shrinks, not by moving more behind the `import()`. Issue 23's
    // libraries: `eventsource-parser` instead of the hand-written SSE decoder (+1.2 KB up front, as
    // the exported transport class decodes streams). The queue (issue 22: sends while a reply
    // streams, kept on the server or in sessionStorage, Send now, pause on failure or Stop) added
    // ~0.3 KB up front and ~1.2 KB in all.
    expect(entry).toBeLessThan(18_700);
    expect(gzip).toBeLessThan(22_000);
  });
});
