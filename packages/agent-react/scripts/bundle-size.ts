import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** What an app installs beside this package anyway: left out of the measured bundle. */
export const EXTERNALS = ['react', 'react-dom', 'react/jsx-runtime', 'ai', 'zustand', 'zustand/*', 'zod', 'zod/*'];

const packageDir = path.resolve(import.meta.dirname, '..');

/** Minified + gzipped size of `dist/index.js` with its own code (and @x/agent-protocol) bundled. */
export async function measureBundle(): Promise<{ minified: number; gzip: number; inputs: string[] }> {
  const result = await build({
    entryPoints: [path.join(packageDir, 'dist/index.js')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    external: EXTERNALS,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength, inputs: Object.keys(result.metafile.inputs) };
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const measured = await measureBundle();
  if (process.argv.includes('--json')) console.log(JSON.stringify(measured));
  else console.log(`@x/agent-react: ${measured.minified} B minified, ${measured.gzip} B gzip (externals: ${EXTERNALS.join(', ')})`);
}
