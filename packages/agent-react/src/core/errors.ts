/** `error` as an `Error` (a thrown string or object becomes the message of one). */
export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
