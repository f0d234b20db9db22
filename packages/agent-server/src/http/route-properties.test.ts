import { fc } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type TestMcpHttpServer } from '../test-utils/mcp-http-server.js';
import { checkCase, REQUEST_TIMEOUT_MS, unhandledRejections } from '../test-utils/fuzz/check-case.js';
import { startFuzzEnv, type FuzzEnv, type StoreKind } from '../test-utils/fuzz/fuzz-env.js';
import { hostileRequest, ROUTES, validRequest } from '../test-utils/fuzz/route-table.js';

// Property-based fuzzing of every route of `createAgentServer`, from the routes' schemas
// (fast-check; README "Testing the server"): valid requests and hostile mutations of them, on the
// memory store and on PGlite. Properties: never a 5xx, never an unhandled rejection, every refusal
// JSON `{ error: { code } }` with a protocol code, nothing written on a refusal, no prototype
// polluted, every answer complete within REQUEST_TIMEOUT_MS. Seeded and bounded: FUZZ_SEED=<n>
// replays a run (the failure prints it), FUZZ_RUNS scales the runs, FUZZ_MS the time per property.

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_128);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const TIME_MS = Number(process.env.FUZZ_MS ?? 700);

const onRejection = (reason: unknown) => void unhandledRejections.push(reason);
let mcp: TestMcpHttpServer;
beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  mcp = await startMcpHttpServer({ echo: { reply: (args) => `echo ${JSON.stringify(args).slice(0, 100)}` } });
});
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await mcp?.close();
});

/**
 * One seeded, bounded property run; a failure names the seed to replay it with. No run starts after
 * `timeMs` (the remaining ones pass without sending anything: a run is never abandoned in flight,
 * where it would write into the next property's snapshot); the interrupt plugin is the hard bound
 * should a run hang past its own REQUEST_TIMEOUT_MS.
 */
async function assertProperty<T>(name: string, arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<unknown>, runs = RUNS, timeMs = TIME_MS) {
  const seed = SEED + [...name].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) | 0, 0);
  const deadline = performance.now() + timeMs;
  let ran = 0;
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      if (performance.now() > deadline) return;
      ran++;
      await check(value);
    }),
    { seed, numRuns: runs, plugins: [fc.interruptAfterTimeLimit(timeMs + 2 * REQUEST_TIMEOUT_MS)], endOnFailure: true },
  );
  if (details.failed) {
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance ?? (details.interrupted ? 'interrupted (a run hung)' : 'failed'));
    throw new Error(`${name}: property failed after ${details.numRuns} run(s) — replay with FUZZ_SEED=${SEED} (property seed ${seed}, path ${details.counterexamplePath})\n${cause}`);
  }
  return ran;
}

describe.each<StoreKind>(['memory', 'pglite'])('every route on the %s store', (kind) => {
  let env: FuzzEnv;
  const tally = new Map<string, number>();
  beforeAll(async () => {
    env = await startFuzzEnv(kind, mcp);
  }, 60_000);
  afterAll(async () => {
    console.log(`route properties (${kind}, FUZZ_SEED=${SEED}): ${[...tally].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    await env?.close();
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.name}: valid and hostile requests, no 5xx, JSON refusals, nothing written on a refusal`, async () => {
      const arbitrary = fc.oneof({ weight: 1, arbitrary: validRequest(route, env.fixtures) }, { weight: 3, arbitrary: hostileRequest(route, env.fixtures) });
      const ran = await assertProperty(`${kind} ${route.name}`, arbitrary, async (request) => {
        const answer = await checkCase(env, request);
        const key = `${route.name}:${answer.status}`;
        tally.set(key, (tally.get(key) ?? 0) + 1);
      });
      expect(ran).toBeGreaterThan(0);
    });
  }
});
