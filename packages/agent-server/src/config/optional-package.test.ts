import { describe, expect, it } from 'vitest';
import { connectionIssues } from '../providers/connection.js';
import { loadProvider } from '../providers/provider-packages.js';
import { ConfigError } from './config-error.js';
import { assertInstalled, checkInstalled, importOptional, isMissingPackage } from './optional-package.js';

/** What Node throws for a package that is not installed. */
function notFound(pkg: string): Error {
  return Object.assign(new Error(`Cannot find package '${pkg}' imported from /app/node_modules/@x/agent-server/dist/x.js`), { code: 'ERR_MODULE_NOT_FOUND' });
}
const PG = { pkg: 'pg', path: 'store', feature: 'postgresStore' };

describe('optional packages (issue 23: heavy dependencies are optional peers)', () => {
  it('turns a missing package into a ConfigError that names the package and how to install it', async () => {
    const error = await importOptional(PG, () => Promise.reject(notFound('pg'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues).toEqual([
      { path: 'store', message: 'postgresStore needs the package "pg", which is not installed: add it to your app (npm install pg)' },
    ]);
  });

  it('rethrows any other failure as it is (a package that is there but broken, or misses one of its own dependencies)', async () => {
    const broken = new SyntaxError('Unexpected token');
    await expect(importOptional(PG, () => Promise.reject(broken))).rejects.toBe(broken);
    const inner = notFound('pg-types');
    await expect(importOptional(PG, () => Promise.reject(inner))).rejects.toBe(inner);
    expect(isMissingPackage(inner, 'pg')).toBe(false);
    expect(isMissingPackage(Object.assign(new Error("Cannot find module 'pg'"), { code: 'MODULE_NOT_FOUND' }), 'pg')).toBe(true);
  });

  it('returns the module when it loads', async () => {
    await expect(importOptional(PG, () => Promise.resolve({ Pool: 1 }))).resolves.toEqual({ Pool: 1 });
  });

  it('checks at startup without loading: a resolver that cannot find the package is an issue; one that cannot tell is not', () => {
    expect(checkInstalled(PG, () => 'file:///app/node_modules/pg/lib/index.js')).toBeUndefined();
    expect(checkInstalled(PG, () => { throw notFound('pg'); })).toMatchObject({ path: 'store', message: expect.stringContaining('npm install pg') });
    // A browser's import.meta.resolve throws a TypeError for an unmapped bare name: not a verdict.
    expect(checkInstalled(PG, () => { throw new TypeError('Failed to resolve module specifier "pg"'); })).toBeUndefined();
    expect(() => assertInstalled(PG, () => { throw notFound('pg'); })).toThrow(ConfigError);
  });

  it('finds the packages this workspace installs with the default resolver', () => {
    for (const pkg of ['pg', 'ioredis', '@electric-sql/pglite', '@ai-sdk/anthropic', '@ai-sdk/openai', '@ai-sdk/google']) {
      expect(checkInstalled({ pkg, path: 'x', feature: 'test' })).toBeUndefined();
    }
    expect(checkInstalled({ pkg: 'no-such-package-of-the-kit', path: 'x', feature: 'test' })).toMatchObject({ path: 'x' });
  });
});

describe('provider packages', () => {
  it('a connection naming a provider whose package is missing is a startup issue at its path', () => {
    const missing = (specifier: string) => {
      throw notFound(specifier);
    };
    expect(connectionIssues('main', { provider: 'anthropic', apiKey: 'k' }, missing)).toEqual([
      { path: 'connections.main.provider', message: 'provider "anthropic" needs the package "@ai-sdk/anthropic", which is not installed: add it to your app (npm install @ai-sdk/anthropic)' },
    ]);
    expect(connectionIssues('g', { provider: 'google' }, missing)).toMatchObject([{ path: 'connections.g.provider', message: expect.stringContaining('@ai-sdk/google') }]);
    // gateway comes with `ai`, custom brings its own model: nothing to install.
    expect(connectionIssues('gw', { provider: 'gateway' }, missing)).toEqual([]);
    expect(connectionIssues('c', { provider: 'custom', createModel: () => { throw new Error('unused'); } }, missing)).toEqual([]);
  });

  it('loads a provider package on first use through the importer; a missing one is a ConfigError naming it', async () => {
    const error = await loadProvider('openai', 'connections', (specifier) => Promise.reject(notFound(specifier))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain('provider "openai" needs the package "@ai-sdk/openai"');
    const create = await loadProvider('anthropic', 'connections');
    expect(create({ apiKey: 'k' })('claude-x')).toMatchObject({ provider: 'anthropic.messages', modelId: 'claude-x' });
    await expect(loadProvider('google', 'connections', () => Promise.resolve({}))).rejects.toThrow(/has no createGoogle/);
  });
});
