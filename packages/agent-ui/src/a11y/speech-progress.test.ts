import { describe, expect, it } from 'vitest';
import { MARKDOWN_KIT } from '../markdown/markdown-components.js';
import { markdownHtml } from '../markdown/markdown-html.js';
import { markdownSpeech } from '../markdown/markdown-speech.js';
import { enUS } from '../locales/built-in.js';
import { lastSentenceEnd, nextSpeech as nextSpeechWith, SPEECH_START, type SpeechProgress } from './speech-progress.js';

const { lexMarkdown } = markdownHtml(MARKDOWN_KIT);
const speechCalls = { count: 0 };
const toSpeech = (markdown: string, streaming: boolean) => {
  speechCalls.count += 1;
  return markdownSpeech(lexMarkdown, markdown, enUS, streaming);
};
const nextSpeech = (progress: SpeechProgress, done: readonly string[], tail: string, finished: boolean) => nextSpeechWith(progress, done, tail, finished, toSpeech);

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

  it('converts the tail to speech only when the new text can end a sentence', () => {
    let progress = SPEECH_START;
    let tail = 'Start';
    const said: string[] = [];
    const step = (more: string) => {
      tail += more;
      const next = nextSpeech(progress, [], tail, false);
      if (next.text) said.push(next.text);
      progress = next.progress;
    };
    step('');
    speechCalls.count = 0;
    for (let i = 0; i < 200; i++) step(' word');
    // 200 frames without a sentence end: the tail was not converted once.
    expect(speechCalls.count).toBe(0);
    step('. And more.');
    step(' Then');
    expect(said).toEqual([`Start${' word'.repeat(200)}.`, 'And more.']);
    expect(nextSpeech(progress, [], tail, true).text).toBe('Then');
  });
});
