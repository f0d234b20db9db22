import type { z } from 'zod';
import { formatIssues } from '@x/agent-protocol/validation';
import { HttpError } from '../error-response.js';
import { readJsonBody } from '../parse-request.js';
import type { RouteBody } from './route.js';
import { ID_RULE_ISSUE } from './route-schemas.js';

/**
 * The body of a request as its route declares it: nothing (`none`, `stream`: the handler gets the
 * request's stream unread) or JSON checked with the route's schema — 415 / 413 / 400 `bad_json`
 * from the reader, 400 with the issues from the schema: `invalid_id` when every issue is an id the
 * route checks with the id rule, else `invalid_body` (or the route's own code), then the route's `check`.
 */
export async function readRouteBody(request: Request, spec: RouteBody<unknown>, maxBodyBytes: number): Promise<unknown> {
  if (spec.kind !== 'json') return undefined;
  const raw = await readJsonBody(request, spec.maxBytes ?? maxBodyBytes, { optional: spec.optional === true });
  if (raw === undefined) return undefined;
  const result = spec.schema.safeParse(raw);
  if (!result.success) {
    const issues = formatIssues(result.error).slice(0, 20);
    if (result.error.issues.every(isIdRuleIssue)) throw new HttpError('invalid_id', `The request body holds an invalid id (${issues[0]?.path ?? 'id'}).`, issues);
    throw new HttpError(spec.invalid?.code ?? 'invalid_body', spec.invalid?.message ?? 'The request body does not match the route’s schema.', issues);
  }
  spec.check?.(result.data);
  return result.data;
}

function isIdRuleIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && (issue.params as Record<string, unknown> | undefined)?.[ID_RULE_ISSUE] === true;
}
