import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 23: `pg`, `ioredis`, `@electric-sql/pglite` and the provider packages are optional peers. These
// checks run on the built package (`pnpm build` first), as an app loads it.

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(packageDir, 'dist');
const OPTIONAL = ['pg', 'ioredis', '@electric-sql/pglite', '@ai-sdk/anthropic', '@ai-sdk/openai', '@ai-sdk/google'];
/** No longer a dependency of ours either: the gateway provider comes with `ai` (which depends on it). */
const NOT_IMPORTED = [...OPTIONAL, '@ai-sdk/gateway'];

/** Every module the built `entry` can load — static imports, re-exports and literal `import()`s, followed through relative files. */
function importGraph(entry: string): { packages: Set<string>; files: Set<string> } {
  const packages = new Set<string>();
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    const specifiers = [
      ...source.matchAll(/^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
      ...source.matchAll(/\bimport\(\s*(?:\/\*[^*]*\*\/\s*)*['"]([^'"]+)['"]\s*\)/g),
    ].map((m) => m[1]!);
    for (const spec of specifiers) {
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec));
      else packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  };
  visit(join(dist, entry));
  return { packages, files };
}

/** Runs `script` (ESM) in a Node where the optional packages cannot be found, as in an app that did not install them. */
function withoutOptionalPeers(script: string): { status: number | null; stdout: string; stderr: string } {
  const hooks = `
    import { registerHooks } from 'node:module';
    const blocked = ${JSON.stringify(OPTIONAL)};
    registerHooks({
      resolve(specifier, context, next) {
        if (blocked.some((p) => specifier === p || specifier.startsWith(p + '/'))) {
          throw Object.assign(new Error("Cannot find package '" + specifier + "' imported from " + context.parentURL), { code: 'ERR_MODULE_NOT_FOUND' });
        }
        return next(specifier, context);
      },
    });`;
  const run = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(hooks)}`, '--input-type=module', '-e', script], {
    cwd: packageDir,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const url = (file: string) => JSON.stringify(pathToFileURL(join(dist, file)).href);

describe('optional heavy dependencies (built package)', () => {
  it('the root entry’s import graph contains none of them; each subpath entry holds its own', () => {
    expect(existsSync(join(dist, 'index.js')), 'run `pnpm build` first').toBe(true);
    const root = importGraph('index.js');
    expect(root.files.size).toBeGreaterThan(50);
    expect([...root.packages].filter((p) => NOT_IMPORTED.includes(p))).toEqual([]);
    expect([...importGraph('store-entry.js').packages].filter((p) => NOT_IMPORTED.includes(p))).toEqual([]);
    expect(importGraph('postgres.js').packages).toContain('pg');
    expect(importGraph('pglite.js').packages).toContain('@electric-sql/pglite');
    expect(importGraph('redis.js').packages).toContain('ioredis');
  });

  it('with none of them installed the root loads and serves a turn; each feature that needs one fails at startup with a ConfigError naming it', () => {
    const script = `
      import { MockLanguageModelV4 } from 'ai/test';
      import { simulateReadableStream } from 'ai';
      const kit = await import(${url('index.js')});
      const out = {};
      const usage = { inputTokens: { total: 1, noCache: 1 }, outputTokens: { total: 1, text: 1 } };
      const chunks = [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'served' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }];
      const model = new MockLanguageModelV4({ doStream: async () => ({ stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }) }) });
      const server = kit.createAgentServer({ agents: { a: { model } }, store: store.memoryStore(), logger: { warn() {}, error() {} } });
      const response = await server.fetch(new Request('http://x/api/agent/a', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }] }) }));
      out.turn = [response.status, (await response.text()).includes('served')];
      const failure = (fn) => { try { fn(); return 'no error'; } catch (e) { return [e.name, e.issues]; } };
      out.anthropic = failure(() => kit.createAgentServer({ connections: { main: { provider: 'anthropic' } }, agents: { a: { connection: 'main', model: 'claude-x' } } }));
      const fromFile = await kit.parseAgentConfig(['connections:', '  claude: { provider: anthropic }', 'agents:', '  a: { connection: claude, model: claude-x }'].join(String.fromCharCode(10)), { format: 'yaml' });
      out.file = failure(() => kit.createAgentServer(fromFile));
      out.postgres = failure(() => postgres.postgresStore({ connectionString: 'postgres://127.0.0.1:1/x' }));
      out.pglite = failure(() => pglite.pgliteStore({ dataDir: 'memory://' }));
      out.redis = failure(() => redis.redisRunLog({ url: 'redis://127.0.0.1:1' }));
      console.log(JSON.stringify(out));
    `.replace(
      "const kit = await import(",
      `const store = await import(${url('store-entry.js')}); const postgres = await import(${url('postgres.js')}); const pglite = await import(${url('pglite.js')}); const redis = await import(${url('redis.js')}); const kit = await import(`,
    );
    const run = withoutOptionalPeers(script);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(out.turn).toEqual([200, true]);
    const install = (pkg: string) => expect.stringContaining(`needs the package "${pkg}", which is not installed: add it to your app (npm install ${pkg})`);
    expect(out.anthropic).toEqual(['ConfigError', [{ path: 'connections.main.provider', message: install('@ai-sdk/anthropic') }]]);
    // A config file naming the provider is checked the same way.
    expect(out.file).toEqual(['ConfigError', [{ path: 'connections.claude.provider', message: install('@ai-sdk/anthropic') }]]);
    expect(out.postgres).toEqual(['ConfigError', [{ path: 'store', message: install('pg') }]]);
    expect(out.pglite).toEqual(['ConfigError', [{ path: 'store', message: install('@electric-sql/pglite') }]]);
    expect(out.redis).toEqual(['ConfigError', [{ path: 'runLog', message: install('ioredis') }]]);
  });
});
