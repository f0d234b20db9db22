import { describe, expect, it } from 'vitest';
import { lastSentenceEnd, nextSpeech, SPEECH_START } from './speech-progress.js';

describe('nextSpeech', () => {
  it('announces a one-paragraph reply sentence by sentence as it streams, never twice', () => {
    const said: string[] = [];
    let progress = SPEECH_START;
    const stream = ['The weather', 'The weather in Oslo is', 'The weather in Oslo is 3 °C. It', 'The weather in Oslo is 3 °C. It rains! Take', 'The weather in Oslo is 3 °C. It rains! Take an umbrella'];
    for (const tail of stream) {
      const next = nextSpeech(progress, [], tail, false);
      if (next.text) said.push(next.text);
      progress = next.progress;
    }
    const end = nextSpeech(progress, [], stream.at(-1)!, true);
    said.push(end.text);
    expect(said).toEqual(['The weather in Oslo is 3 °C.', 'It rains!', 'Take an umbrella']);
  });

  it('finishes a block that completed mid-sentence, then goes on in the next one', () => {
    const first = nextSpeech(SPEECH_START, [], 'One. Two', false);
    expect(first.text).toBe('One.');
    const second = nextSpeech(first.progress, ['One. Two **three**'], 'Four. Fi', false);
    expect(second.text).toBe('Two three Four.');
    expect(nextSpeech(second.progress, ['One. Two **three**'], 'Four. Fi', false).text).toBe('');
  });

  it('finds sentence ends in Latin and CJK text', () => {
    expect(lastSentenceEnd('No end yet')).toBe(0);
    expect(lastSentenceEnd('Done. Next')).toBe(5);
    expect(lastSentenceEnd('你好。再见')).toBe(3);
    expect(lastSentenceEnd('Version 1.2 is out')).toBe(0);
  });
});
