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

/** A line end: CRLF, LF or CR (a CR that ends a read ends its line at once). */
const LINE_END = /\r\n?|\n/g;

/**
 * An incremental Server-Sent Events decoder (the SSE spec's parsing, for the two fields the kit
 * reads: `data` and `id`): the returned function takes one network read and returns the `data` of
 * every event that read completed, in order. UTF-8 is decoded across reads (a leading BOM dropped);
 * line endings (LF, CRLF, CR — a CR that ends a read ends its line at once, and an LF that starts
 * the next read is the rest of that CRLF), multi-line `data:`, comments and other fields follow the
 * spec; an unterminated event at the end of the stream is dropped. An `id:` line becomes the last
 * event ID when its event ends (a blank line), and that ID persists to later events (the spec's
 * buffer; an id with a NULL is ignored). Its own code rather than a parser package: the one the AI
 * SDK carries (`eventsource-parser` 3) is not exported as a synchronous parser, and this is all the
 * kit needs of one.
 */
export function createSseDataDecoder(): SseDataDecoder {
  const decoder = new TextDecoder();
  // The start of a line no read has ended yet (kept as parts: a long event may span many reads).
  const pending: string[] = [];
  let skipLineFeed = false;
  let data = '';
  let dataLines = 0;
  let id: string | undefined;
  let lastId: string | undefined;
  let lastEventId: string | undefined;
  const decode = (bytes: Uint8Array): string[] => {
    const events: string[] = [];
    let text = decoder.decode(bytes, { stream: true });
    if (skipLineFeed && text) {
      skipLineFeed = false;
      if (text.charCodeAt(0) === 10) text = text.slice(1);
    }
    if (!text.includes('\n') && !text.includes('\r')) {
      if (text) pending.push(text);
      return events;
    }
    if (pending.length) {
      text = pending.join('') + text;
      pending.length = 0;
    }
    let start = 0;
    LINE_END.lastIndex = 0;
    for (let end = LINE_END.exec(text); end; end = LINE_END.exec(text)) {
      const line = text.slice(start, end.index);
      start = LINE_END.lastIndex;
      if (line === '') {
        // A blank line ends the event: its id (if any) becomes the last event ID, its data is dispatched.
        if (id !== undefined) lastId = id;
        if (dataLines > 0) {
          events.push(data);
          lastEventId = lastId;
        }
        id = undefined;
        data = '';
        dataLines = 0;
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(line.charCodeAt(colon + 1) === 32 ? colon + 2 : colon + 1);
      if (field === 'data') data = dataLines++ === 0 ? value : `${data}\n${value}`;
      else if (field === 'id' && !value.includes('\0')) id = value;
    }
    if (start < text.length) pending.push(text.slice(start));
    else if (text.charCodeAt(text.length - 1) === 13) skipLineFeed = true;
    return events;
  };
  Object.defineProperty(decode, 'lastEventId', { get: () => lastEventId });
  return decode as SseDataDecoder;
}
