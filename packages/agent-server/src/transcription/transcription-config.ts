import type { SharedV4ProviderOptions } from '@ai-sdk/provider';
import type { TranscriptionModel } from 'ai';

/**
 * `config.transcription`: the model behind `POST {basePath}/{agentId}/transcribe` (dictation when the
 * browser has no speech recognition). Without it the route answers 501 `transcription_unavailable`.
 */
export interface TranscriptionConfig {
  /**
   * An AI SDK transcription model object (e.g. `openai.transcription('gpt-4o-mini-transcribe')`,
   * `MockTranscriptionModelV4` in tests, `mockTranscriptionModel()` from `@x/mock-server`), or a model
   * id served by `connection` (an `openai` connection).
   */
  model: TranscriptionModel;
  /** Name of a `config.connections` entry (provider `openai`) serving the string `model`. */
  connection?: string;
  /** Largest recording accepted, in bytes (default 10 MiB, the protocol's `DEFAULT_MAX_AUDIO_BYTES`). */
  maxAudioBytes?: number;
  /** Passed to the model as `providerOptions` (e.g. `{ openai: { language: 'en' } }`). */
  providerOptions?: SharedV4ProviderOptions;
}
