/**
 * The table of approval answers every edge is tested with (tools/approval-decision.ts): answers off
 * the protocol's schema (each must be a 400 with nothing run or written), refusals and an approval.
 */
export const MALFORMED_APPROVAL_ANSWERS: { name: string; payload: unknown }[] = [
  { name: 'approved as a string', payload: { approved: 'false' } },
  { name: 'a misspelt key', payload: { approve: false } },
  { name: 'approved missing', payload: {} },
  { name: 'approved as a number', payload: { approved: 1 } },
  { name: 'an unknown key beside an approval', payload: { approved: true, extra: 1 } },
  { name: 'a reason that is not a string', payload: { approved: false, reason: 5 } },
  { name: 'a string payload', payload: 'false' },
  { name: 'a null payload', payload: null },
  { name: 'an array payload', payload: [true] },
];

/** Valid refusals: the tool does not run, the model reads the refusal. */
export const REFUSING_APPROVAL_ANSWERS: { name: string; payload: { approved: false; reason?: string } }[] = [
  { name: 'approved: false', payload: { approved: false } },
  { name: 'approved: false with a reason', payload: { approved: false, reason: 'Not that file.' } },
];

/** An answer as an object with its id (our wire's `approval`, generate's `approvals[]` entry); a non-object stays as it is. */
export function withId(payload: unknown, key: string, id: string): unknown {
  return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? { [key]: id, ...payload } : payload;
}
