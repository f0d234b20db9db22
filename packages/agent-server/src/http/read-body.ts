import { HttpError } from './error-response.js';

/**
 * Reads a request body as text, refusing it (413) as soon as it passes `maxBytes` — the body is
 * never buffered past the limit, whatever the content-length header claims.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const bytes = await readBodyBytes(request, maxBytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError('bad_json', 'The request body is not valid UTF-8.');
  }
}

/**
 * Reads a request body as bytes, refusing it (413) from its declared length or as soon as the
 * stream passes `maxBytes` — never buffered past the limit.
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  // A declared length over the limit is refused without reading; a lying one is caught below.
  const declared = Number(request.headers.get('content-length') ?? undefined);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array(0);
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = request.body.getReader();
  } catch {
    throw unreadable(); // already read or locked by someone else
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      throw unreadable(); // the client went away mid-upload, or the transport failed
    }
    const { done, value } = step;
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function unreadable(): HttpError {
  return new HttpError('bad_json', 'The request body could not be read completely.');
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError('payload_too_large', `The request body is larger than ${maxBytes} bytes.`);
}
