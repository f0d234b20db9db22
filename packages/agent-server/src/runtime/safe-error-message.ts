/**
 * What the client sees of an error in the stream: never a stack, a key or a provider's raw body.
 * Provider API errors keep their status class ("The model provider rejected the request (429)").
 */
export function safeErrorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number') {
      if (status === 429) return 'The model provider is rate limiting requests. Try again in a moment.';
      if (status === 401 || status === 403) return 'The model provider refused the credentials of this server.';
      return `The model provider failed (${status}). Try again.`;
    }
    if ((error as { name?: unknown }).name === 'AbortError') return 'The reply was stopped.';
  }
  return 'The agent failed to answer. Try again.';
}
