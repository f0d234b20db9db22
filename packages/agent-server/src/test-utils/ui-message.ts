import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';

/** The assistant message a list of stream chunks builds (what `useChat` would hold). */
export async function messageFromChunks(chunks: UIMessageChunk[], message?: UIMessage): Promise<UIMessage> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const m of readUIMessageStream({ stream, ...(message ? { message } : {}), onError: () => {} })) last = m;
  if (!last) throw new Error('the stream built no message');
  return structuredClone(last);
}
