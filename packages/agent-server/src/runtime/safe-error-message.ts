/**
 * What the client sees of an error in the stream: never a stack, a key or a provider's raw body.
 * A provider API error keeps its status class — through the AI SDK's retries too (a `RetryError`
 * carries the attempts' errors; the last one decides) and through `cause` chains:
 * 429 → rate limited, 401/403 → credentials refused, 408 → too slow, 5xx → unavailable,
 * other 4xx → rejected (with the status), no status → could not be reached.
 */
export function safeErrorMessage(error: unknown): string {
  const seen = new Set<unknown>();
  let current = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const e = current as { name?: unknown; statusCode?: unknown; lastError?: unknown; cause?: unknown };
    if (typeof e.statusCode === 'number') return statusMessage(e.statusCode);
    if (e.name === 'AI_APICallError') return 'The model provider could not be reached. Try again in a moment.';
    if (e.name === 'AbortError') return 'The reply was stopped.';
    if (e.name === 'TimeoutError') return 'The model provider took too long to answer. Try again.';
    current = e.lastError ?? e.cause;
  }
  return 'The agent failed to answer. Try again.';
}

function statusMessage(status: number): string {
  if (status === 429) return 'The model provider is rate limiting requests. Try again in a moment.';
  if (status === 401 || status === 403) return 'The model provider refused the credentials of this server.';
  if (status === 408) return 'The model provider took too long to answer. Try again.';
  if (status >= 500) return 'The model provider is unavailable right now. Try again in a moment.';
  if (status >= 400) return `The model provider rejected the request (${status}).`;
  return `The model provider failed (${status}). Try again.`;
}
