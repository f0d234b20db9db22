import { HttpError } from './error-response.js';

/**
 * Reads a request body as text, refusing it (413) as soon as it passes `maxBytes` — the body is
 * never buffered past the limit, whatever the content-length header claims.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
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
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError('bad_json', 'The request body is not valid UTF-8.');
  }
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError('payload_too_large', `The request body is larger than ${maxBytes} bytes.`);
}
