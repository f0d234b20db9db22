import { describe, expect, it } from 'vitest';
import { describeRouteProperties } from '../test-utils/fuzz/route-properties.js';
import { ROUTES } from '../test-utils/fuzz/route-table.js';
import { routeTable, type RouteDeps } from './pipeline/route-table.js';

// Property-based fuzzing of every route of `createAgentServer` from the routes' schemas, on the
// memory store (README "Testing the server"; the same properties on PGlite: route-properties.pglite.test.ts).
// Replay a failure with the FUZZ_SEED it prints.

describe('the route list of the fuzz suite', () => {
  it('names every route of the server’s route table (method, path, whether it changes state) and no other', () => {
    const table = routeTable({ config: { agents: {} }, logger: console, maxBodyBytes: 1, keepAliveMs: 1, toolTimeoutMs: 1, toolResultMaxChars: 1 } as unknown as RouteDeps);
    const theirs = table.map((r) => `${r.methods.filter((m) => m !== 'HEAD').join('|')} ${r.path} ${r.changesState ? 'writes' : 'reads'}`).sort();
    const ours = ROUTES.map((r) => `${r.method} /${r.path.map((s) => (s.startsWith('{') ? `:${s.slice(1, -1)}` : s)).join('/')} ${r.stateChanging ? 'writes' : 'reads'}`).sort();
    expect(ours).toEqual(theirs);
  });
});

describeRouteProperties('memory');
