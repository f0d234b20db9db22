import { describe, expect, it } from 'vitest';
import { createSseDataDecoder } from './sse-data-decoder.js';

const encode = (text: string) => new TextEncoder().encode(text);

/** Feeds `bytes` cut at `cuts` (byte offsets) and returns every event's data. */
function decode(bytes: Uint8Array, cuts: number[] = []): string[] {
  const push = createSseDataDecoder();
  const events: string[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    events.push(...push(bytes.slice(from, cut)));
    from = cut;
  }
  return events;
}

describe('createSseDataDecoder', () => {
  it('ends lines at LF, CRLF and CR and dispatches on a blank line', () => {
    expect(decode(encode('data: a\n\ndata: b\r\n\r\ndata: c\r\rdata:d\n\n'))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('joins multi-line data with \\n and removes only one space after the colon', () => {
    expect(decode(encode('data: x\ndata:  y\ndata\n\n'))).toEqual(['x\n y\n']);
  });

  it('ignores comments and other fields, and events without data', () => {
    expect(decode(encode(': keep-alive\n\nevent: delta\nid: 7\nretry: 10\nfoo: bar\ndata: z\n\n:only a comment\n\nevent: x\n\n'))).toEqual(['z']);
    // A field is named by everything before its colon: `datax`, `dat` and `idx` are other fields.
    const push = createSseDataDecoder();
    expect(push(encode('datax: a\ndat: b\nidx: 9\ndata: c\n\n'))).toEqual(['c']);
    expect(push.lastEventId).toBeUndefined();
  });

  it('drops an event the stream ends before terminating', () => {
    expect(decode(encode('data: a\n\ndata: b\n'))).toEqual(['a']);
  });

  it('gives the same events however the bytes are split into reads (UTF-8 and CRLF across reads)', () => {
    const bytes = encode('data: {"t":"héllo ✓ 😀"}\r\n\r\n: c\r\ndata: two\r\ndata: lines\r\n\r\ndata: [DONE]\n\n');
    const whole = decode(bytes);
    expect(whole).toEqual(['{"t":"héllo ✓ 😀"}', 'two\nlines', '[DONE]']);
    for (let cut = 0; cut <= bytes.length; cut++) expect(decode(bytes, [cut])).toEqual(whole);
    expect(decode(bytes, Array.from({ length: bytes.length }, (_, i) => i))).toEqual(whole);
  });

  it('treats a CR at the end of a read as a line end when the next read does not start with LF', () => {
    expect(decode(encode('data: a\r\rdata: b\r\r\n'), [8, 9])).toEqual(['a', 'b']);
    // A CR that ends a read ends its line at once (eventsource-parser 4; the AI SDK's parser 3 waited
    // for the next read in case it became a CRLF): the event is not held back.
    expect(decode(encode('data: a\r\rdata: b\r\r'))).toEqual(['a', 'b']);
    // …and an LF that then starts the next read is the second half of that CRLF, not a blank line.
    expect(decode(encode('data: a\r\ndata: b\r\n\r\n'), [8])).toEqual(['a\nb']);
    // …even when an empty read comes between the two.
    expect(decode(encode('data: a\r\ndata: b\r\n\r\n'), [8, 8])).toEqual(['a\nb']);
  });

  it('assembles an event spread over many reads', () => {
    const long = 'x'.repeat(50_000);
    const bytes = encode(`data: ${long}\n\n`);
    expect(decode(bytes, Array.from({ length: 49 }, (_, i) => (i + 1) * 1000))).toEqual([long]);
  });

  it('keeps the id of the last dispatched event: ids persist to later events, a cut event does not count', () => {
    const push = createSseDataDecoder();
    expect(push.lastEventId).toBeUndefined();
    expect(push(encode('data: {"type":"data-run-state"}\n\nid: 0\ndata: a\n\nid: 1\ndata: b\n\n'))).toEqual(['{"type":"data-run-state"}', 'a', 'b']);
    expect(push.lastEventId).toBe('1');
    // The next event's id arrived, but not the blank line that dispatches it.
    expect(push(encode('id: 2\ndata: c\n'))).toEqual([]);
    expect(push.lastEventId).toBe('1');
    expect(push(encode('\ndata: no id of its own\n\nid: 3\ndata: d\n\n'))).toEqual(['c', 'no id of its own', 'd']);
    expect(push.lastEventId).toBe('3');
    // An id alone (no data) dispatches nothing and moves nothing yet; an id with a NULL is ignored.
    expect(push(encode('id: 4\n\nid: 5\u0000\ndata: e\n\n'))).toEqual(['e']);
    expect(push.lastEventId).toBe('4');
  });
});
