/**
 * The transcription route (dictation into the composer, when the browser has no speech recognition):
 *
 * - `POST {basePath}/{agentId}/transcribe` with the recorded audio as the raw request body and its
 *   `content-type` (`audio/*`, e.g. `audio/webm;codecs=opus` from `MediaRecorder`) → {@link TranscribeResponse}.
 *
 * Same `authenticate` (401), agent (404) and `access` (403) as the chat route. Then: no transcription
 * model configured for the agent → 501 `transcription_unavailable`; a body that is not `audio/*` →
 * 415 `unsupported_media_type`; a body over the audio limit → 413 `payload_too_large` (refused from
 * `content-length`, or as soon as the stream passes the limit — never buffered whole); an empty
 * body → 400 `invalid_body`; the model failing → 502 `transcription_failed`.
 */
export const TRANSCRIBE_SEGMENT = 'transcribe';

/** Largest recording the route accepts by default, in bytes (10 MiB). */
export const DEFAULT_MAX_AUDIO_BYTES = 10 * 1024 * 1024;

/** Paths of the transcription route, relative to `basePath` (no trailing slash). */
export const transcriptionPaths = {
  transcribe: (basePath: string, agentId: string) => `${basePath}/${encodeURIComponent(agentId)}/${TRANSCRIBE_SEGMENT}`,
} as const;

/** `POST {basePath}/{agentId}/transcribe` answer. */
export interface TranscribeResponse {
  /** The words heard, as one string (may be empty when nothing was said). */
  text: string;
  /** ISO-639-1 code of the language, when the model detected it. */
  language?: string;
  /** Length of the audio in seconds, when the model reports it. */
  durationInSeconds?: number;
}

/**
 * Whether a `content-type` header announces audio the route accepts: one `audio/*` media type
 * (parameters such as `codecs` allowed). `video/webm` is not audio: browsers label audio-only
 * recordings `audio/*`.
 */
export function isAudioContentType(header: string | null | undefined): boolean {
  if (!header) return false;
  const essence = header.split(';')[0]!.trim().toLowerCase();
  return /^audio\/[a-z0-9!#$&^_.+-]+$/.test(essence);
}
