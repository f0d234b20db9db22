import { fc } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type TestMcpHttpServer } from '../mcp-http-server.js';
import { checkCase, REQUEST_TIMEOUT_MS, storeChanged, unhandledRejections } from './check-case.js';
import { startFuzzEnv, type FuzzEnv, type StoreKind } from './fuzz-env.js';
import { hostileRequest, ROUTES, validRequest } from './route-table.js';
import { crossSiteRequest, isExplicitApproval, mcpCallArguments, mcpCallRequest, pendingThread, resumeAnswer, resumeRequest } from './special-cases.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_128);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** Time per property: PGlite answers a case in ~50–100 ms (a few runs each), the memory store reaches RUNS first. */
const timeFor = (kind: StoreKind) => Number(process.env.FUZZ_MS ?? (kind === 'pglite' ? 500 : 600));

/**
 * One seeded, bounded property run; a failure is shrunk and names the seed to replay it with. No run
 * starts after `timeMs` (the remaining ones pass without sending anything: a run is never abandoned
 * in flight, where it would write into the next property's snapshot); the interrupt plugin is the
 * hard bound on a run that hangs past its own REQUEST_TIMEOUT_MS and on shrinking.
 */
async function assertProperty<T>(name: string, arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<unknown>, timeMs: number, runs = RUNS) {
  const seed = SEED + [...name].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) | 0, 0);
  const deadline = performance.now() + timeMs;
  let ran = 0;
  let failing = false;
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      // the deadline stops new runs, not the shrinking of a failure (bounded by the interrupt)
      if (!failing && performance.now() > deadline) return;
      ran++;
      try {
        await check(value);
      } catch (error) {
        failing = true;
        throw error;
      }
    }),
    { seed, numRuns: runs, plugins: [fc.interruptAfterTimeLimit(timeMs + 2 * REQUEST_TIMEOUT_MS)] },
  );
  if (details.failed) {
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance ?? (details.interrupted ? 'interrupted (a run hung)' : 'failed'));
    throw new Error(`${name}: property failed after ${details.numRuns} run(s) — replay with FUZZ_SEED=${SEED} (property seed ${seed}, path ${details.counterexamplePath})\n${cause}`);
  }
  return ran;
}

/**
 * The route properties on one store (a file per store, so Vitest runs the two in parallel):
 * every route's valid and hostile requests, the cross-site rule, AG-UI resume's approval decision
 * and MCP app call arguments. Properties: never a 5xx, never an unhandled rejection, every refusal
 * JSON `{ error: { code } }` with a protocol code, nothing written on a refusal, no prototype
 * polluted, every answer complete within REQUEST_TIMEOUT_MS. Seeded and bounded: FUZZ_SEED=<n>
 * replays a run (a failure prints it), FUZZ_RUNS sets the runs and FUZZ_MS the time per property.
 */
export function describeRouteProperties(kind: StoreKind): void {
  let mcp: TestMcpHttpServer;
  const onRejection = (reason: unknown) => void unhandledRejections.push(reason);
  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    mcp = await startMcpHttpServer({ echo: { reply: (args) => `echo ${JSON.stringify(args).slice(0, 100)}` } });
  });
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await mcp?.close();
  });

  describe(`every route on the ${kind} store`, () => {
    const TIME_MS = timeFor(kind);
    let env: FuzzEnv;
    const tally = new Map<string, number>();
    let setupMs = 0;
    beforeAll(async () => {
      const started = performance.now();
      env = await startFuzzEnv(kind, mcp);
      setupMs = performance.now() - started;
    }, 60_000);
    afterAll(async () => {
      console.log(`route properties (${kind}, FUZZ_SEED=${SEED}, setup ${Math.round(setupMs)} ms): ${[...tally].map(([k, n]) => `${k} ${n}`).join(', ')}`);
      await env?.close();
    });

    for (const route of ROUTES) {
      it(`${route.method} ${route.name}: valid and hostile requests, no 5xx, JSON refusals, nothing written on a refusal`, async () => {
        const arbitrary = fc.oneof({ weight: 1, arbitrary: validRequest(route, env.fixtures) }, { weight: 3, arbitrary: hostileRequest(route, env.fixtures) });
        const ran = await assertProperty(
          `${kind} ${route.name}`,
          arbitrary,
          async (request) => {
            const answer = await checkCase(env, request);
            const key = `${route.name}:${answer.status}`;
            tally.set(key, (tally.get(key) ?? 0) + 1);
          },
          TIME_MS,
        );
        expect(ran).toBeGreaterThan(0);
      });
    }

    it('refuses every state-changing route cross-site (403 cross_site_request, nothing written) and never a same-site request as cross-site', async () => {
      const ran = await assertProperty(
        `${kind} cross-site`,
        crossSiteRequest(ROUTES, env.fixtures),
        async (request) => {
          await checkCase(env, request, (answer) => {
            const code = answer.status >= 400 ? (JSON.parse(answer.text) as { error?: { code?: string } }).error?.code : undefined;
            if (request.crossSite && (answer.status !== 403 || code !== 'cross_site_request')) return [`cross-site request answered ${answer.status} ${code ?? ''}`];
            if (!request.crossSite && code === 'cross_site_request') return ['a same-site request was refused as cross-site'];
            return [];
          });
        },
        TIME_MS,
      );
      expect(ran).toBeGreaterThan(0);
    });

    it('AG-UI resume: only an explicit, schema-valid approval runs the tool; any other resolved answer is a 400 and runs nothing', async () => {
      const ran = await assertProperty(
        `${kind} resume`,
        resumeAnswer,
        async (answer) => {
          const { threadId, interruptId } = await pendingThread(env);
          storeChanged(env);
          const runsBefore = env.executed.length;
          await checkCase(env, resumeRequest(threadId, interruptId, answer), () => {
            const ranTool = env.executed.length > runsBefore;
            if (ranTool && !isExplicitApproval(answer)) return [`the tool ran on ${JSON.stringify(answer)}`];
            return [];
          });
        },
        TIME_MS * 2,
      );
      expect(ran).toBeGreaterThan(0);
    });

    it('MCP app call: arguments off the tool’s input schema are a 400 that never reaches the MCP server', async () => {
      const ran = await assertProperty(
        `${kind} mcp arguments`,
        mcpCallArguments,
        async ({ args, valid }) => {
          const callsBefore = mcp.calls.length;
          await checkCase(env, mcpCallRequest(env.fixtures, args, valid), () => (!valid && mcp.calls.length > callsBefore ? [`the MCP server was called with ${JSON.stringify(args)}`] : []));
        },
        TIME_MS,
      );
      expect(ran).toBeGreaterThan(0);
    });
  });
}
