import { answerProblems, exchange, prototypeNames, refused, type Answer } from './answer-checks.js';
import type { FuzzEnv } from './fuzz-env.js';
import { describeRequest, type FuzzRequest } from './fuzz-request.js';
import { settle, storeSnapshot } from './store-snapshot.js';

/** Longest a request may take, answer read to its end (a loaded 2-core machine included). */
export const REQUEST_TIMEOUT_MS = 10_000;

/** Unhandled rejections seen while the suite runs (the test file listens on `process`). */
export const unhandledRejections: unknown[] = [];

const cleanPrototypes = prototypeNames();
/** Envs whose fixtures no request has changed since the last restore. */
const untouched = new WeakSet<FuzzEnv>();
/** The store as the last refused request left it (nothing wrote since: the next one starts from it). */
const lastSnapshot = new WeakMap<FuzzEnv, string>();

/** Tells the checks that something outside `checkCase` wrote (a fixture made for one case): the next snapshot is read afresh. */
export function storeChanged(env: FuzzEnv): void {
  lastSnapshot.delete(env);
}

/**
 * Sends one generated request and checks every property: no 5xx, a JSON error with a protocol code
 * on a 4xx, a refusal where one is due, nothing written on a 4xx, no unhandled rejection, no
 * prototype polluted, no store failure logged, the answer complete within the time bound. Throws
 * (fast-check's failure) with the problems and the request; answers the answer otherwise.
 */
export async function checkCase(env: FuzzEnv, request: FuzzRequest, extra?: (answer: Answer) => string[]): Promise<Answer> {
  if (!untouched.has(env)) {
    await env.restore();
    lastSnapshot.delete(env);
  }
  untouched.add(env);
  const before = lastSnapshot.get(env) ?? (await storeSnapshot(env));
  const errorsBefore = env.errors.length;
  const rejectionsBefore = unhandledRejections.length;
  const answer = await exchange(env.server, request, REQUEST_TIMEOUT_MS);
  const problems = answerProblems(request, answer);
  if (extra) problems.push(...extra(answer));
  if (refused(answer)) {
    const after = await storeSnapshot(env);
    lastSnapshot.set(env, after);
    if (after !== before) problems.push(`a ${answer.status} wrote to the store:\n  before ${before.slice(0, 1_500)}\n  after  ${after.slice(0, 1_500)}`);
  } else {
    await settle(env);
    untouched.delete(env);
    lastSnapshot.delete(env);
  }
  // a rejection surfaces a tick or two after the request that caused it
  await new Promise((resolve) => setImmediate(resolve));
  if (unhandledRejections.length > rejectionsBefore) problems.push(`unhandled rejection: ${unhandledRejections.slice(rejectionsBefore).map(String).join(' | ').slice(0, 1_000)}`);
  const logged = env.errors.slice(errorsBefore).filter((e) => /store unavailable|request failed|run log unavailable/.test(e));
  if (logged.length > 0) problems.push(`logged: ${logged.join(' | ').slice(0, 1_500)}`);
  if (prototypeNames() !== cleanPrototypes || ({} as Record<string, unknown>).polluted !== undefined) problems.push('a shared prototype was polluted');
  if (problems.length > 0) throw new Error(`${env.kind} store: ${problems.join('\n')}\n  request: ${describeRequest(request)}`);
  return answer;
}
