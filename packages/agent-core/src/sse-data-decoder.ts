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
    // A CR or CRLF ends a line as an LF does (a CR that ends the read ends its line now; an LF that
    // starts the next read is the rest of it).
    if (text.includes('\r')) {
      skipLineFeed = text.charCodeAt(text.length - 1) === 13;
      text = text.replace(/\r\n?/g, '\n');
    }
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      const lineStart = start;
      start = end + 1;
      if (end === lineStart) {
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
      let from = fieldValue(text, lineStart, end, 'data');
      if (from !== -1) {
        const value = text.slice(from, end);
        data = dataLines++ === 0 ? value : `${data}\n${value}`;
      } else if ((from = fieldValue(text, lineStart, end, 'id')) !== -1) {
        const value = text.slice(from, end);
        if (!value.includes('\0')) id = value;
      }
      // Any other field, and a comment (a line that starts with a colon), is ignored.
    }
    if (start < text.length) pending.push(text.slice(start));
    return events;
  };
  Object.defineProperty(decode, 'lastEventId', { get: () => lastEventId });
  return decode as SseDataDecoder;
}

/**
 * Where the value of field `name` starts on the line `text[from, end)`, or -1 when the line is not
 * that field: the field name runs to the first colon (the whole line without one), and one space
 * after the colon is not part of the value.
 */
function fieldValue(text: string, from: number, end: number, name: string): number {
  const colon = from + name.length;
  if (!text.startsWith(name, from) || (colon !== end && text.charCodeAt(colon) !== 58)) return -1;
  return colon === end ? end : text.charCodeAt(colon + 1) === 32 ? colon + 2 : colon + 1;
}
