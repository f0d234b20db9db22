import { idProblem } from '@x/agent-protocol/validation';
import { HttpError } from './error-response.js';

/** 400 `invalid_id` naming the field (`path.conversationId`, `query.conversationId`, `runId`, …). */
function invalidId(field: string, problem: string): HttpError {
  return new HttpError('invalid_id', `The ${field.replace(/^(path|query)\./, '')} is not a valid id: it ${problem}.`, [{ path: field, message: problem }]);
}

/** An id as the protocol's `ID_PATTERN` allows it; else 400 `invalid_id` naming `field`. */
function checkId(value: string, field: string): string {
  const problem = idProblem(value);
  if (problem) throw invalidId(field, problem);
  return value;
}

/** A URL path segment decoded and checked as an id (`field`: e.g. `path.messageId`). */
export function pathId(segment: string | undefined, field: string): string {
  let id = segment ?? '';
  try {
    id = decodeURIComponent(id);
  } catch {
    throw invalidId(field, 'is not valid percent-encoded UTF-8');
  }
  return checkId(id, field);
}

/** An optional query parameter checked as an id; undefined when absent or empty. */
export function queryId(url: URL, name: string): string | undefined {
  const value = url.searchParams.get(name);
  return value === null || value === '' ? undefined : checkId(value, `query.${name}`);
}
