import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** What an app installs beside this package anyway (`@ai-sdk/provider-utils` comes with `ai`): left out of the measured bundle. */
export const EXTERNALS = ['react', 'react-dom', 'react/jsx-runtime', 'ai', '@ai-sdk/provider-utils', 'zustand', 'zustand/*', 'zod', 'zod/*'];

const packageDir = path.resolve(import.meta.dirname, '..');

/**
 * Minified + gzipped size of `dist/index.js` with its own code (and @x/agent-protocol) bundled, as
 * an app's bundler splits it: `minified`/`gzip` count every chunk (gzipped as one file, so the
 * number does not grow with the number of chunks), `entry` only what loads up front (the code behind `import()` — the transport, server-owned history and
 * resumable runs — loads when first needed).
 */
export async function measureBundle(): Promise<{ minified: number; gzip: number; entry: number; inputs: string[] }> {
  const result = await build({
    entryPoints: [path.join(packageDir, 'dist/index.js')],
    bundle: true,
    splitting: true,
    outdir: path.join(packageDir, '.bundle-size'),
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    external: EXTERNALS,
    logLevel: 'silent',
  });
  const files = result.outputFiles.filter((file) => file.path.endsWith('.js'));
  const gz = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).byteLength;
  const entryName = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint !== undefined)?.[0];
  const entryFiles = new Set<string>();
  const visit = (name: string | undefined) => {
    if (!name || entryFiles.has(name)) return;
    entryFiles.add(name);
    for (const imported of result.metafile.outputs[name]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entryName);
  const isEntry = (file: { path: string }) => [...entryFiles].some((name) => file.path.endsWith(name));
  return {
    minified: files.reduce((sum, file) => sum + file.contents.byteLength, 0),
    gzip: gz(Buffer.concat(files.map((file) => file.contents))),
    entry: files.filter(isEntry).reduce((sum, file) => sum + gz(file.contents), 0),
    inputs: Object.keys(result.metafile.inputs),
  };
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const measured = await measureBundle();
  if (process.argv.includes('--json')) console.log(JSON.stringify(measured));
  else console.log(`@x/agent-react: ${measured.minified} B minified, ${measured.gzip} B gzip, ${measured.entry} B gzip up front (externals: ${EXTERNALS.join(', ')})`);
}
