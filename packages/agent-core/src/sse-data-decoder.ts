import { createParser } from 'eventsource-parser';

/** Decodes one network read: the `data` of every event it completed, in order. */
export interface SseDataDecoder {
  (bytes: Uint8Array): string[];
  /**
   * The `id` of the last dispatched event that had one (the SSE "last event ID"), or undefined: the
   * cursor a resumed stream asks to continue after (`Last-Event-ID`). An `id:` line counts only once
   * its event is dispatched, so an event cut in half by a dropped connection does not move it.
   */
  readonly lastEventId: string | undefined;
}

/**
 * An incremental Server-Sent Events decoder on `eventsource-parser` (the parser the AI SDK uses): the
 * returned function takes one network read and returns the `data` of every event that read
 * completed, in order. UTF-8 is decoded across reads; line endings, multi-line `data:`, comments and
 * other fields follow the SSE spec; an unterminated event at the end of the stream is dropped.
 * The parser reports an `id:` line as it reads it; it becomes the last event ID only when an event
 * is dispatched after it (the spec's buffer: ids persist to later events; an id with a NULL is ignored).
 */
export function createSseDataDecoder(): SseDataDecoder {
  const decoder = new TextDecoder();
  let events: string[] = [];
  let idBuffer: string | undefined;
  let lastEventId: string | undefined;
  const parser = createParser({
    onId: (id) => {
      idBuffer = id;
    },
    onEvent: (event) => {
      events.push(event.data);
      lastEventId = idBuffer;
    },
  });
  const decode = (bytes: Uint8Array): string[] => {
    events = [];
    parser.feed(decoder.decode(bytes, { stream: true }));
    return events;
  };
  Object.defineProperty(decode, 'lastEventId', { get: () => lastEventId });
  return decode as SseDataDecoder;
}
