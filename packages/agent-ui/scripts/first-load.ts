/**
 * What Vite 8 puts in the first load of an app that renders `AgentChat` (every third-party package
 * external, so only the kit's modules are bundled): prints JSON with the kit modules of the chunks
 * loaded before the first paint (the entry and its static imports) and of the chunks behind
 * `import()`. Used by src/first-load.test.ts when the budgets stage of `pnpm test` has not recorded the
 * graph of this build (first-load-graph.ts); sizes are `pnpm bench:size`'s job.
 *
 * Arguments (optional): the built module and the names the app imports from it, e.g.
 * `agent-react/dist/index.js useAgentChat` (default `agent-ui/dist/index.js AgentChat`).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { kitModuleGraph } from './first-load-graph.ts';

const THIRD_PARTY = /^(?!@x\/)(@[^/]+\/[^/]+|[^./\0][^/]*)(\/.*)?$/;
const packages = path.resolve(import.meta.dirname, '../..');

const dir = await mkdtemp(path.join(tmpdir(), 'agent-ui-first-load-'));
try {
  const entry = path.join(dir, 'entry.ts');
  // What an app writes (`import { AgentChat } from '@x/agent-ui'`), with the package's built entry.
  const [module = 'agent-ui/dist/index.js', names = 'AgentChat'] = process.argv.slice(2);
  await writeFile(entry, `export { ${names} } from ${JSON.stringify(path.join(packages, module))};\n`);
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    root: path.join(packages, 'agent-ui'),
    build: {
      write: false,
      minify: false,
      rollupOptions: { input: entry, preserveEntrySignatures: 'strict', external: (id: string) => THIRD_PARTY.test(id) },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  console.log(JSON.stringify(kitModuleGraph(output)));
} finally {
  await rm(dir, { recursive: true, force: true });
}
