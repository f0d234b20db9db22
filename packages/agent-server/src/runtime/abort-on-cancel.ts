/**
 * The same stream, but cancelling it (the client went away and the response body was cancelled)
 * aborts `controller` too, so the model call stops even where the platform does not abort the
 * request's signal.
 */
export function abortOnCancel<T>(stream: ReadableStream<T>, controller: AbortController): ReadableStream<T> {
  const reader = stream.getReader();
  return new ReadableStream<T>({
    async pull(out) {
      const { done, value } = await reader.read();
      if (done) out.close();
      else out.enqueue(value);
    },
    async cancel(reason) {
      controller.abort(reason);
      await reader.cancel(reason);
    },
  });
}
