import { markdownToSpeech } from './announcer.js';

/** How far a streamed reply has been announced: whole blocks, then characters of the next one's speech. */
export interface SpeechProgress {
  blocks: number;
  chars: number;
}

export const SPEECH_START: SpeechProgress = { blocks: 0, chars: 0 };

/** End of the last complete sentence in `speech` (a `.`, `!`, `?`, `…` or CJK stop followed by a space), or 0. */
export function lastSentenceEnd(speech: string): number {
  const pattern = /[.!?…](?:["'”’)\]]*)\s|[。！？]/g;
  let end = 0;
  for (let match = pattern.exec(speech); match; match = pattern.exec(speech)) end = match.index + match[0].trimEnd().length;
  return end;
}

/**
 * What to announce now of a reply streamed as markdown blocks (`done`, then `tail` still being
 * written), and the progress after it. While streaming, only complete sentences are announced,
 * each once; when `finished`, the rest. Nothing is ever read twice.
 */
export function nextSpeech(progress: SpeechProgress, done: readonly string[], tail: string, finished: boolean): { text: string; progress: SpeechProgress } {
  const parts: string[] = [];
  let { blocks, chars } = progress;
  for (; blocks < done.length; blocks++, chars = 0) {
    const speech = markdownToSpeech(done[blocks]!);
    if (speech.length > chars) parts.push(speech.slice(chars));
  }
  const speech = markdownToSpeech(tail);
  const end = finished ? speech.length : lastSentenceEnd(speech);
  if (end > chars) {
    parts.push(speech.slice(chars, end));
    chars = end;
  }
  return { text: parts.map((part) => part.trim()).filter(Boolean).join(' '), progress: { blocks, chars } };
}
