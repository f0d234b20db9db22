import { DEFAULT_MAX_AUDIO_BYTES, isAudioContentType, type TranscribeResponse } from '@x/agent-protocol/routes';
import { transcribe, type TranscriptionModel } from 'ai';
import type { AgentServerConfig, Logger } from '../config/types.js';
import { HttpError } from '../http/error-response.js';
import { readBodyBytes } from '../http/read-body.js';
import { resolveTranscriptionModel } from './resolve-transcription-model.js';
import type { TranscriptionConfig } from './transcription-config.js';

/** The handler of the route for one server (its model resolved once, on first use). */
export function transcribeRoute(config: AgentServerConfig, logger: Logger): (request: Request) => Promise<Response> {
  const { transcription } = config;
  let model: Promise<TranscriptionModel> | undefined;
  const context: TranscribeRouteContext = {
    transcription,
    model: () => (model ??= resolveTranscriptionModel(transcription!, config.connections).catch((error: unknown) => {
      model = undefined;
      throw error;
    })),
    logger,
  };
  return (request) => handleTranscribeRoute(request, context);
}

export interface TranscribeRouteContext {
  /** The server's transcription settings, or undefined when it has none (501). */
  transcription: TranscriptionConfig | undefined;
  /** The resolved model (called only when `transcription` is set; a string id loads its provider package on first use). */
  model: () => TranscriptionModel | Promise<TranscriptionModel>;
  logger: Logger;
}

/**
 * `POST {basePath}/{agentId}/transcribe` after method, `authenticate`, agent and `access` passed:
 * 501 without a model → 415 unless `audio/*` → 413 over `maxAudioBytes` (before buffering it
 * whole) → 400 when empty → the model's text as {@link TranscribeResponse}; a failing model 502.
 */
export async function handleTranscribeRoute(request: Request, context: TranscribeRouteContext): Promise<Response> {
  const { transcription } = context;
  if (!transcription) throw new HttpError('transcription_unavailable', 'This server has no transcription model (config.transcription).');
  const mediaType = request.headers.get('content-type');
  if (!isAudioContentType(mediaType)) {
    throw new HttpError('unsupported_media_type', 'Send the recording as the request body with an audio/* content-type.');
  }
  const audio = await readBodyBytes(request, transcription.maxAudioBytes ?? DEFAULT_MAX_AUDIO_BYTES);
  if (audio.byteLength === 0) throw new HttpError('invalid_body', 'The recording is empty.');
  const model = await context.model();
  let answer: TranscribeResponse;
  try {
    const result = await transcribe({
      model,
      audio,
      abortSignal: request.signal,
      ...(transcription.providerOptions ? { providerOptions: transcription.providerOptions } : {}),
    });
    answer = {
      text: result.text,
      ...(result.language ? { language: result.language } : {}),
      ...(result.durationInSeconds !== undefined ? { durationInSeconds: result.durationInSeconds } : {}),
    };
  } catch (error) {
    context.logger.error('transcription failed', { error: error instanceof Error ? error.message : String(error) });
    throw new HttpError('transcription_failed', 'The recording could not be transcribed; try again.');
  }
  return new Response(JSON.stringify(answer), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}
