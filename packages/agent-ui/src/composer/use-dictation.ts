'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComposerDictationOptions } from './dictation-options.js';
import { canRecordAudio, speechRecognitionOf, type SpeechRecognitionConstructor } from './speech-recognition.js';
import { transcribeRecording, TranscriptionError } from './transcribe-recording.js';

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

interface Session {
  stop(): void;
  cancel(): void;
}

const DEFAULT_MAX_DURATION_MS = 120_000;

/** The `getUserMedia` error as a problem the user can act on. */
export function microphoneProblem(error: unknown): DictationProblem {
  const name = error instanceof Error || (typeof error === 'object' && error !== null) ? (error as { name?: unknown }).name : undefined;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError' || name === 'NotReadableError') return 'noDevice';
  if (name === 'TypeError' || name === 'NotSupportedError') return 'unsupported';
  return 'failed';
}

/** A Web Speech API error code as a problem (`network`: the recognition service is unreachable). */
function speechProblem(code: string): DictationProblem | null {
  if (code === 'not-allowed' || code === 'service-not-allowed') return 'denied';
  if (code === 'audio-capture') return 'noDevice';
  if (code === 'no-speech') return 'noSpeech';
  if (code === 'aborted') return null;
  return 'failed';
}

/**
 * Dictation for the composer: the browser's speech recognition where it has one (unless `mode` is
 * `record`), else the microphone is recorded and sent to the transcription route. `onText` gets the
 * words (never sent by themselves); problems are reported, never thrown. Unmounting cancels.
 */
export function useDictation(options: ComposerDictationOptions | undefined, onText: (text: string) => void): DictationState {
  const [status, setStatus] = useState<DictationStatus>('idle');
  const [problem, setProblem] = useState<DictationProblem | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const session = useRef<Session | null>(null);
  const latest = useRef({ options, onText });
  latest.current = { options, onText };

  useEffect(() => () => session.current?.cancel(), []);

  const finish = useCallback((next: DictationProblem | null) => {
    session.current = null;
    setStatus('idle');
    setStartedAt(null);
    setProblem(next);
  }, []);

  const startRecording = useCallback(async () => {
    const current = latest.current.options;
    if (!current?.transcribeApi || !canRecordAudio()) return finish('unsupported');
    let cancelled = false;
    const abort = new AbortController();
    // Until the microphone answers, a stop or an unmount cancels the start.
    session.current = { stop: () => void (cancelled = true), cancel: () => void (cancelled = true) };
    setProblem(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      return finish(microphoneProblem(error));
    }
    const release = () => stream.getTracks().forEach((track) => track.stop());
    if (cancelled) {
      release();
      return finish(null);
    }
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream);
    } catch {
      release();
      return finish('unsupported');
    }
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    const timer = setTimeout(() => recorder.state !== 'inactive' && recorder.stop(), current.maxDurationMs ?? DEFAULT_MAX_DURATION_MS);
    recorder.onstop = async () => {
      clearTimeout(timer);
      release();
      if (cancelled) return;
      setStatus('transcribing');
      setStartedAt(null);
      const audio = new Blob(chunks, { type: recorder.mimeType || chunks[0]?.type || 'audio/webm' });
      if (audio.size === 0) return finish('noSpeech');
      try {
        const text = (await transcribeRecording(current, audio, abort.signal)).trim();
        if (cancelled) return;
        if (text) latest.current.onText(text);
        finish(text ? null : 'noSpeech');
      } catch (error) {
        if (cancelled) return;
        finish(error instanceof TranscriptionError && error.reason === 'tooLong' ? 'tooLong' : 'failed');
      }
    };
    session.current = {
      stop: () => recorder.state !== 'inactive' && recorder.stop(),
      cancel: () => {
        cancelled = true;
        abort.abort();
        clearTimeout(timer);
        if (recorder.state !== 'inactive') recorder.stop();
        release();
      },
    };
    recorder.start();
    setStatus('recording');
    setStartedAt(Date.now());
  }, [finish]);

  const startListening = useCallback(
    (Recognition: SpeechRecognitionConstructor) => {
      const current = latest.current.options;
      const recognition = new Recognition();
      const lang = current?.lang ?? (typeof document !== 'undefined' ? document.documentElement.lang : '');
      if (lang) recognition.lang = lang;
      recognition.continuous = true;
      recognition.interimResults = false;
      let outcome: DictationProblem | null = null;
      let fallback = false;
      recognition.onresult = (event) => {
        for (let i = event.resultIndex; i < event.results.length; i++) {
          const result = event.results[i]!;
          const text = result.isFinal ? result[0].transcript.trim() : '';
          if (text) latest.current.onText(text);
        }
      };
      recognition.onerror = (event) => {
        // The recognition service unreachable (e.g. offline): record and transcribe on the server instead.
        if (event.error === 'network' && current?.mode !== 'speech' && current?.transcribeApi && canRecordAudio()) fallback = true;
        else outcome = speechProblem(event.error);
      };
      recognition.onend = () => {
        if (session.current?.cancel !== cancel) return;
        if (fallback) return void startRecording();
        finish(outcome);
      };
      const cancel = () => {
        recognition.onend = null;
        recognition.abort();
      };
      session.current = { stop: () => recognition.stop(), cancel };
      setProblem(null);
      try {
        recognition.start();
      } catch {
        return finish('failed');
      }
      setStatus('listening');
      setStartedAt(Date.now());
    },
    [finish, startRecording],
  );

  const start = useCallback(() => {
    if (session.current) return;
    const mode = latest.current.options?.mode ?? 'auto';
    const Recognition = mode === 'record' ? undefined : speechRecognitionOf(typeof window === 'undefined' ? undefined : window);
    if (Recognition) return startListening(Recognition);
    if (mode === 'speech') return finish('unsupported');
    void startRecording();
  }, [finish, startListening, startRecording]);

  const stop = useCallback(() => session.current?.stop(), []);

  return { status, problem, startedAt, start, stop };
}
