/** The composer's dictation texts (`AgentUIStrings['dictation']`). */
export interface DictationStrings {
  /** The microphone button's name while idle. */
  start: string;
  /** The microphone button's name (and the indicator's button) while recording or listening. */
  stop: string;
  listening: string;
  recording: string;
  transcribing: string;
  /** Announced when the words landed in the composer. */
  inserted: string;
  denied: string;
  noDevice: string;
  unsupported: string;
  failed: string;
  tooLong: string;
  noSpeech: string;
}
