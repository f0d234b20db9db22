/** The text a screen reader is given of one markdown block (`streaming`: the block is still being written). */
export type ToSpeech = (markdown: string, streaming: boolean) => string;

/**
 * How far a streamed reply has been announced: whole blocks, then characters of the next one's speech;
 * `scanned`: how much of that block's markdown was looked at for a sentence end.
 */
export interface SpeechProgress {
  blocks: number;
  chars: number;
  scanned?: number;
}

/** A sentence can end only where the markdown has one of these (a line break: a table row or list item ends, read as a sentence). */
const SENTENCE_PUNCTUATION = /[.!?…。！？\n]/;
/** How far back before the new text a sentence end may start (its punctuation, closing quotes or markup, then the space). */
const LOOK_BACK = 16;

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
 * written), and the progress after it, given as the page shows it (`toSpeech`: text, not markup).
 * While streaming, only complete sentences are announced, each once; when `finished`, the rest.
 * Nothing is ever read twice.
 */
export function nextSpeech(progress: SpeechProgress, done: readonly string[], tail: string, finished: boolean, toSpeech: ToSpeech): { text: string; progress: SpeechProgress } {
  // The same block grew by text that cannot end a sentence: nothing to say, and the tail is not
  // converted to speech (O(new text) per streamed frame instead of O(tail)). A sentence end the
  // look-back misses (a long markup run before the space) is said with the next one or at the end.
  const { scanned } = progress;
  if (!finished && progress.blocks === done.length && scanned !== undefined && tail.length >= scanned && !SENTENCE_PUNCTUATION.test(tail.slice(Math.max(0, scanned - LOOK_BACK)))) {
    return { text: '', progress: { ...progress, scanned: tail.length } };
  }
  const parts: string[] = [];
  let { blocks, chars } = progress;
  for (; blocks < done.length; blocks++, chars = 0) {
    const speech = toSpeech(done[blocks]!, false);
    if (speech.length > chars) parts.push(speech.slice(chars));
  }
  const speech = toSpeech(tail, !finished);
  const end = finished ? speech.length : lastSentenceEnd(speech);
  if (end > chars) {
    parts.push(speech.slice(chars, end));
    chars = end;
  }
  return { text: parts.map((part) => part.trim()).filter(Boolean).join(' '), progress: { blocks, chars, scanned: tail.length } };
}
