import { transcribe } from 'ai';
import { describe, expect, it } from 'vitest';
import { mockTranscriptionModel } from './transcription-model.js';

const wav = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x41, 0x56, 0x45, 0, 0]);

describe('mockTranscriptionModel', () => {
  it('answers a fixed text through the AI SDK’s transcribe', async () => {
    const result = await transcribe({ model: mockTranscriptionModel('hello there'), audio: wav });
    expect(result.text).toBe('hello there');
  });

  it('by default names the size and type of what it heard', async () => {
    const result = await transcribe({ model: mockTranscriptionModel(), audio: wav });
    expect(result.text).toBe('Dictated with the mock transcription model (14 bytes of audio/wav).');
  });
});
