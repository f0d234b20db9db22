/** `error` as an `Error` (a thrown string or object becomes the message of one). */
export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** The error a dropped connection gives: the same test as the `ai` package's chat (`isDisconnect`). */
export function isDisconnectError(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  const message = error.message.toLowerCase();
  return message.includes('fetch') || message.includes('network') || message === 'load failed';
}
