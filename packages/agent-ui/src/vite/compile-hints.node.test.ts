import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type InlineConfig, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_FUNCTIONS_CALLED_ON_LOAD, compileHints, packagePattern } from './compile-hints.js';

// A real Vite build of a small app with React DOM (resolved from this package's node_modules, where
// the app's files are written: never a tracked file).
const cache = path.resolve(import.meta.dirname, '../../node_modules/.cache');
mkdirSync(cache, { recursive: true });
const app = mkdtempSync(path.join(cache, 'compile-hints-'));
writeFileSync(path.join(app, 'greeting.js'), 'export const greeting = (name) => `hello ${name}`;\n');
mkdirSync(path.join(app, 'node_modules', 'tiny-lib'), { recursive: true });
writeFileSync(path.join(app, 'node_modules', 'tiny-lib', 'package.json'), '{ "name": "tiny-lib", "type": "module", "main": "index.js" }\n');
writeFileSync(path.join(app, 'node_modules', 'tiny-lib', 'index.js'), 'export const shout = (text) => text.toUpperCase();\n');
writeFileSync(
  path.join(app, 'main.js'),
  [
    "import { createRoot } from 'react-dom/client';",
    "import { createElement } from 'react';",
    "import { shout } from 'tiny-lib';",
    "import { greeting } from './greeting.js';",
    "createRoot(document.body).render(createElement('p', null, shout(greeting('you'))));",
    "window.later = () => import('./later.js');",
  ].join('\n'),
);
writeFileSync(path.join(app, 'later.js'), "export const later = 'later';\n");
afterAll(() => rmSync(app, { recursive: true, force: true }));

type Chunk = Rolldown.OutputChunk;

async function buildApp(config: InlineConfig = {}): Promise<Chunk[]> {
  const { build: own = {}, ...rest } = config;
  const result = await build({
    root: app,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [compileHints()],
    ...rest,
    build: { write: false, minify: true, ...own, rolldownOptions: { input: path.join(app, 'main.js'), ...own.rolldownOptions } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((output) => output.output.filter((file): file is Chunk => file.type === 'chunk'));
}

const withReactDom = (chunks: Chunk[]) => chunks.filter((chunk) => chunk.moduleIds.some((id) => packagePattern(['react-dom']).test(id)));
const hinted = (chunks: Chunk[]) => chunks.filter((chunk) => chunk.code.startsWith(`${ALL_FUNCTIONS_CALLED_ON_LOAD}\n`));

describe('compileHints', () => {
  it('puts React DOM and the scheduler in a chunk of their own that starts with the hint; nothing else is hinted', async () => {
    const chunks = await buildApp();
    const [reactDom] = withReactDom(chunks);
    expect(withReactDom(chunks)).toHaveLength(1);
    expect(reactDom?.name).toBe('react-dom');
    expect(hinted(chunks)).toEqual([reactDom]);
    expect(reactDom?.moduleIds.some((id) => /[\\/]node_modules[\\/]scheduler[\\/]/.test(id))).toBe(true);
    // The app's own modules stay in the entry and the lazy chunk, unhinted.
    const entry = chunks.find((chunk) => chunk.isEntry);
    expect(entry?.moduleIds.some((id) => id.endsWith('greeting.js'))).toBe(true);
    expect(entry?.code).not.toContain(ALL_FUNCTIONS_CALLED_ON_LOAD);
    expect(chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('later.js')))?.isDynamicEntry).toBe(true);
  });

  it("keeps the app's own banner and code-splitting groups", async () => {
    const chunks = await buildApp({
      build: {
        rolldownOptions: {
          output: {
            postBanner: (chunk) => `/* ${chunk.name} */`,
            // (The app's own files are under node_modules here: name its package.)
            codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/](tiny-lib|react-dom)[\\/]/ }] },
          },
        },
      },
    });
    const [reactDom] = withReactDom(chunks);
    expect(reactDom?.code.startsWith(`${ALL_FUNCTIONS_CALLED_ON_LOAD}\n/* react-dom */`)).toBe(true);
    // The app's group takes its other packages; React DOM stays in the hinted chunk.
    const vendor = chunks.find((chunk) => chunk.name === 'vendor');
    expect(vendor?.moduleIds.some((id) => /[\\/]node_modules[\\/]tiny-lib[\\/]/.test(id))).toBe(true);
    expect(vendor?.moduleIds.some((id) => packagePattern(['react-dom']).test(id))).toBe(false);
    expect(vendor?.code.startsWith('/* vendor */')).toBe(true);
    expect(hinted(chunks)).toEqual([reactDom]);
  });

  it("answers before an app's manualChunks, which it keeps", async () => {
    const chunks = await buildApp({
      build: { rolldownOptions: { output: { manualChunks: (id) => (id.endsWith('greeting.js') ? 'greeting' : null) } } },
    });
    expect(withReactDom(chunks).map((chunk) => chunk.name)).toEqual(['react-dom']);
    expect(hinted(chunks)).toEqual(withReactDom(chunks));
    expect(chunks.find((chunk) => chunk.name === 'greeting')?.moduleIds.some((id) => id.endsWith('greeting.js'))).toBe(true);
  });

  it('takes the packages and the chunk name it is given', async () => {
    const chunks = await buildApp({ plugins: [compileHints({ packages: ['react'], chunkName: 'react-core' })] });
    const [core] = hinted(chunks);
    expect(hinted(chunks)).toHaveLength(1);
    expect(core?.name).toBe('react-core');
    expect(core?.moduleIds.every((id) => packagePattern(['react']).test(id))).toBe(true);
  });

  it('leaves a single-file build and a server build unhinted', async () => {
    expect(hinted(await buildApp({ build: { rolldownOptions: { output: { codeSplitting: false } } } }))).toEqual([]);
    // React DOM bundled into the server build too (`noExternal`), as some server setups do.
    const server = await buildApp({ build: { ssr: true }, ssr: { noExternal: true } });
    expect(withReactDom(server).length).toBeGreaterThan(0);
    expect(server.length).toBeGreaterThan(0);
    expect(hinted(server)).toEqual([]);
  });
});

describe('packagePattern', () => {
  it("matches a package's modules in any node_modules layout, and only that package's", () => {
    const pattern = packagePattern(['react-dom', '@scope/pkg']);
    expect(pattern.test('/app/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe(true);
    expect(pattern.test('/app/node_modules/.pnpm/react-dom@19.3.1_react@19.3.1/node_modules/react-dom/index.js')).toBe(true);
    expect(pattern.test('C:\\app\\node_modules\\react-dom\\client.js')).toBe(true);
    expect(pattern.test('/app/node_modules/@scope/pkg/index.js')).toBe(true);
    // pnpm's directory names mention the peers of other packages: not theirs.
    expect(pattern.test('/app/node_modules/.pnpm/@rc-component+util@1.14.1_react-dom@19.3.1/node_modules/@rc-component/util/es/index.js')).toBe(false);
    expect(pattern.test('/app/node_modules/react-dom-extra/index.js')).toBe(false);
    expect(pattern.test('/app/src/react-dom/index.js')).toBe(false);
  });
});
