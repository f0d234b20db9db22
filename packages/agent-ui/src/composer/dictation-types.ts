// The types dictation's modules share: the state hook in the first load (use-dictation.ts), and the
// controls and session code in the on-demand chunk (dictation-controls.tsx, dictation-session.ts).

/** What dictation is doing: `listening` (Web Speech API), `recording` or `transcribing` (server). */
export type DictationStatus = 'idle' | 'listening' | 'recording' | 'transcribing';

/** Why dictation did not give words; each has its own message. */
export type DictationProblem = 'denied' | 'noDevice' | 'unsupported' | 'failed' | 'tooLong' | 'noSpeech';

export interface DictationState {
  status: DictationStatus;
  problem: DictationProblem | null;
  /** When the current recording or listening started (ms since epoch), for the elapsed time. */
  startedAt: number | null;
  start(): void;
  /** Ends the recording (its audio is transcribed) or the listening. */
  stop(): void;
}

/** A dictation under way: `stop` ends it (a recording is transcribed), `cancel` drops it silently. */
export interface DictationSession {
  stop(): void;
  cancel(): void;
}

/** What a session tells the composer. `onEnd` is never called after `cancel`. */
export interface DictationCallbacks {
  onText(text: string): void;
  onStatus(status: Exclude<DictationStatus, 'idle'>, startedAt: number | null): void;
  onEnd(problem: DictationProblem | null): void;
}
