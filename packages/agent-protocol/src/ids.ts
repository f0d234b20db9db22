// Zod-free on purpose (client bundles import it).

/**
 * The one pattern of every id the routes accept: conversation, message, run and chat ids, in a body
 * (`id`, `conversationId`, `messages[].id`, `messageId`), a URL path or a query. 1–256 characters of
 * ASCII letters, digits and `_ - . :`, not starting with `.` — so never `.` or `..` (which URL parsers
 * normalise away), never a NUL, an emoji or anything a header cannot carry. Covers the ids the AI SDK
 * (`generateId`: 16 alphanumerics, `createIdGenerator`: `prefix-…`), `crypto.randomUUID()` and the
 * kit (`conv-…`, `msg-…`, `run-…`, `c-…`) generate.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._:-]{0,255}$/;

/** Longest id ({@link ID_PATTERN}). */
export const MAX_ID_LENGTH = 256;

/** Why `value` is not a valid id (a sentence for an error's issue), or undefined when it is one. */
export function idProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  if (value.length === 0) return 'must not be empty';
  if (value.length > MAX_ID_LENGTH) return `must be at most ${MAX_ID_LENGTH} characters`;
  if (value.startsWith('.')) return 'must not start with "." (ids "." and ".." are refused)';
  if (!ID_PATTERN.test(value)) return 'may hold only ASCII letters, digits and "_", "-", ".", ":"';
  return undefined;
}

/** Whether `value` is a valid id ({@link ID_PATTERN}). */
export function isValidId(value: unknown): value is string {
  return idProblem(value) === undefined;
}
