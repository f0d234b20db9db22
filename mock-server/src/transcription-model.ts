import type { TranscriptionModelV4 } from '@ai-sdk/provider';
import { MockTranscriptionModelV4 } from 'ai/test';

/** What {@link mockTranscriptionModel} answers: a fixed text, or one derived from the recording. */
export type MockTranscript = string | ((audio: { bytes: number; mediaType: string }) => string);

/** The text the playground's mock transcription answers: it says what it heard, in size. */
export const DEFAULT_MOCK_TRANSCRIPT: MockTranscript = ({ bytes, mediaType }) => `Dictated with the mock transcription model (${bytes} bytes of ${mediaType}).`;

/**
 * An AI SDK transcription model for the no-key playground and tests: it never calls a provider and
 * answers `text` (default: a sentence naming the recording's size and type), so dictation's
 * recorded path works end to end without an API key.
 */
export function mockTranscriptionModel(text: MockTranscript = DEFAULT_MOCK_TRANSCRIPT): TranscriptionModelV4 {
  return new MockTranscriptionModelV4({
    provider: 'x-mock',
    modelId: 'mock-transcription',
    doGenerate: async ({ audio, mediaType }) => {
      const bytes = typeof audio === 'string' ? Math.floor((audio.length * 3) / 4) : audio.byteLength;
      return {
        text: typeof text === 'string' ? text : text({ bytes, mediaType }),
        segments: [],
        language: 'en',
        durationInSeconds: undefined,
        warnings: [],
        response: { timestamp: new Date(), modelId: 'mock-transcription' },
      };
    },
  });
}
