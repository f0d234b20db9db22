import { isAgentErrorBody } from '@x/agent-protocol';
import { type TranscribeResponse } from '@x/agent-protocol/routes';
import type { ComposerDictationOptions } from './dictation-options.js';

/** Why a recording was not transcribed: too long for the server, or anything else. */
export class TranscriptionError extends Error {
  constructor(
    readonly reason: 'tooLong' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'TranscriptionError';
  }
}

/** Sends a recording to the transcription route as its raw body; resolves the words heard. */
export async function transcribeRecording(options: ComposerDictationOptions, audio: Blob, signal: AbortSignal): Promise<string> {
  if (!options.transcribeApi) throw new TranscriptionError('failed', 'No transcription route.');
  const headers = new Headers(typeof options.headers === 'function' ? options.headers() : options.headers);
  headers.set('content-type', audio.type || 'audio/webm');
  let response: Response;
  try {
    response = await (options.fetch ?? globalThis.fetch)(options.transcribeApi, {
      method: 'POST',
      headers,
      body: audio,
      signal,
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new TranscriptionError('failed', error instanceof Error ? error.message : String(error));
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = isAgentErrorBody(body) ? body.error.message : `The transcription route answered ${response.status}.`;
    throw new TranscriptionError(response.status === 413 ? 'tooLong' : 'failed', message);
  }
  const text = (body as Partial<TranscribeResponse> | undefined)?.text;
  if (typeof text !== 'string') throw new TranscriptionError('failed', 'The transcription route answered without text.');
  return text;
}
