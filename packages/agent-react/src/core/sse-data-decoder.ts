const LF = 10;
const CR = 13;
const SPACE = 32;

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
 * An incremental Server-Sent Events decoder: the returned function takes one network read and returns
 * the `data` of every event that read completed, in order. It follows the same framing rules as the `TextDecoderStream` + `eventsource-parser` pipeline the AI SDK uses: UTF-8
 * decoded across reads (a leading BOM dropped by the decoder), lines ended by CRLF, LF or CR (also
 * when a CRLF is split across reads), multi-line `data:` fields joined with `\n`, one optional space
 * after the colon removed, comments (`:` lines) and other fields ignored, an event dispatched on a
 * blank line only when it had data, and an unterminated event at the end of the stream dropped.
 */
export function createSseDataDecoder(): SseDataDecoder {
  const decoder = new TextDecoder();
  const pending: string[] = [];
  let data = '';
  let dataLines = 0;
  // The id buffer of the event being read, and the id of the last dispatched event.
  let idBuffer: string | undefined;
  let lastEventId: string | undefined;

  const line = (text: string, start: number, end: number, events: string[]): void => {
    if (start === end) {
      if (dataLines > 0) {
        events.push(data);
        lastEventId = idBuffer;
      }
      data = '';
      dataLines = 0;
      return;
    }
    const colon = text.indexOf(':', start);
    const fieldEnd = colon === -1 || colon > end ? end : colon;
    const isId = fieldEnd - start === 2 && text.startsWith('id', start);
    // Comments (`:` first) and fields other than `data` and `id` (event, retry, unknown) are ignored.
    if (!isId && (fieldEnd - start !== 4 || !text.startsWith('data', start))) return;
    let valueStart = fieldEnd === end ? end : fieldEnd + 1;
    if (valueStart < end && text.charCodeAt(valueStart) === SPACE) valueStart++;
    const value = text.slice(valueStart, end);
    if (isId) {
      // As in the SSE spec: an id with a NULL is ignored; the buffer persists to later events.
      if (!value.includes('\0')) idBuffer = value;
      return;
    }
    data = dataLines === 0 ? value : `${data}\n${value}`;
    dataLines++;
  };

  const decode = (bytes: Uint8Array): string[] => {
    let text = decoder.decode(bytes, { stream: true });
    if (pending.length > 0) {
      // A long event split over many reads: collect the pieces until one of them ends a line.
      const waitsForLF = pending[pending.length - 1]!.endsWith('\r');
      pending.push(text);
      if (!waitsForLF && text.indexOf('\n') === -1 && text.indexOf('\r') === -1) return [];
      text = pending.join('');
      pending.length = 0;
    }
    const events: string[] = [];
    let start = 0;
    const length = text.length;
    const hasCR = text.indexOf('\r') !== -1;
    while (start < length) {
      let end: number;
      if (!hasCR) {
        end = text.indexOf('\n', start);
      } else {
        const lf = text.indexOf('\n', start);
        const cr = text.indexOf('\r', start);
        end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
        // A CR that ends the read may be the first half of a CRLF: wait for the next read.
        if (end === length - 1 && text.charCodeAt(end) === CR) end = -1;
      }
      if (end === -1) break;
      line(text, start, end, events);
      start = end + 1;
      if (text.charCodeAt(end) === CR && text.charCodeAt(start) === LF) start++;
    }
    if (start < length) pending.push(text.slice(start));
    return events;
  };
  Object.defineProperty(decode, 'lastEventId', { get: () => lastEventId });
  return decode as SseDataDecoder;
}
