/** The part of the Web Speech API's `SpeechRecognition` the composer uses (not in TypeScript's DOM lib). */
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: SpeechResultEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

export interface SpeechResultEvent {
  resultIndex: number;
  results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }>;
}

export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

/** The browser's speech recognition (`SpeechRecognition`, or Chromium's `webkitSpeechRecognition`), if any. */
export function speechRecognitionOf(scope: object | undefined): SpeechRecognitionConstructor | undefined {
  if (!scope) return undefined;
  const candidates = scope as { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };
  const found = candidates.SpeechRecognition ?? candidates.webkitSpeechRecognition;
  return typeof found === 'function' ? (found as SpeechRecognitionConstructor) : undefined;
}

/** Whether this browser can record the microphone (`getUserMedia` and `MediaRecorder`). */
export function canRecordAudio(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function' && typeof MediaRecorder === 'function';
}
