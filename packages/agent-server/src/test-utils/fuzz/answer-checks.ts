import { AGENT_ERROR_STATUS } from '@x/agent-protocol';
import type { AgentServer } from '../../config/types.js';
import { toRequest, type FuzzRequest } from './fuzz-request.js';
import { ENDLESS_ROUTES } from './route-table.js';

/** A whole answer: status, content type and the body read to its end (streams too). */
export interface Answer {
  status: number;
  contentType: string;
  text: string;
  ms: number;
}

/** Sends `request` and reads the answer to its end, failing when either takes longer than `timeoutMs`. */
export async function exchange(server: AgentServer, request: FuzzRequest, timeoutMs: number): Promise<Answer> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no complete answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const response = await Promise.race([server.fetch(toRequest(request)), deadline]);
    if (response.status === 200 && ENDLESS_ROUTES.has(request.route)) {
      // A live stream ends when its client goes away: this one does, once it has its status and headers.
      await response.body?.cancel();
      return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: '', ms: performance.now() - started };
    }
    const text = await Promise.race([response.text(), deadline]);
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** Whether an answer refused the request (4xx). */
export const refused = (answer: Answer) => answer.status >= 400 && answer.status < 500;

/**
 * What is wrong with an answer: any 5xx; a refusal that is not JSON `{ error: { code, message } }`
 * with a protocol code of that status and no stack; a request that had to be refused and was not.
 */
export function answerProblems(request: FuzzRequest, answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}: ${answer.text.slice(0, 500)}`);
  if (request.mustRefuse && !refused(answer)) problems.push(`must be refused (4xx), answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  if (answer.status >= 400 && request.method !== 'HEAD') {
    if (!/^application\/json/.test(answer.contentType)) problems.push(`error with content-type ${JSON.stringify(answer.contentType)}`);
    let body: { error?: { code?: unknown; message?: unknown } } | undefined;
    try {
      body = JSON.parse(answer.text) as typeof body;
    } catch {
      problems.push(`error body is not JSON: ${answer.text.slice(0, 200)}`);
    }
    const code = body?.error?.code;
    if (typeof code !== 'string' || !Object.hasOwn(AGENT_ERROR_STATUS, code)) problems.push(`unknown error code ${JSON.stringify(code)}`);
    else if (AGENT_ERROR_STATUS[code as keyof typeof AGENT_ERROR_STATUS] !== answer.status) problems.push(`code ${code} with status ${answer.status}`);
    if (body && (typeof body.error?.message !== 'string' || /\n\s+at /.test(body.error.message))) problems.push('error message missing or with a stack');
  }
  return problems;
}

/** Names on the shared prototypes, to tell that none was added (prototype pollution). */
export function prototypeNames(): string {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((p) => Object.getOwnPropertyNames(p).sort().join(',')).join('|');
}
