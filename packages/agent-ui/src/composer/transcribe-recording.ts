import { AgentRequestError } from '@x/agent-react';
import { requestRoute } from '@x/agent-core';
import { type TranscribeResponse } from '@x/agent-protocol/routes';
import type { ComposerDictationOptions } from './dictation-options.js';

/**
 * Sends a recording to the transcription route as its raw body; resolves the words heard. Rejects
 * with an `AgentRequestError` (status 413: the recording is too long for the server).
 */
export async function transcribeRecording(options: ComposerDictationOptions, audio: Blob, signal: AbortSignal): Promise<string> {
  if (!options.transcribeApi) throw new AgentRequestError('No transcription route.', 0, 'bad_response');
  const response = await requestRoute(options, options.transcribeApi, { method: 'POST', headers: { 'content-type': audio.type || 'audio/webm' }, body: audio, signal });
  const body = (await response.json().catch(() => undefined)) as Partial<TranscribeResponse> | undefined;
  if (typeof body?.text !== 'string') throw new AgentRequestError('The transcription route answered without text.', response.status, 'bad_response');
  return body.text;
}
