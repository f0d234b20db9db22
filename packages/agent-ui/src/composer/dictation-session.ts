import type { ComposerDictationOptions } from './dictation-options.js';
import { canRecordAudio, speechRecognitionOf, type SpeechRecognitionConstructor } from './speech-recognition.js';
import { AgentRequestError } from '@x/agent-react';
import { transcribeRecording } from './transcribe-recording.js';
import type { DictationCallbacks, DictationProblem, DictationSession } from './dictation-types.js';

// The recorder and speech code of dictation, in the on-demand chunk: `useDictation` loads it when the
// microphone button is first used (the button itself comes with that chunk), so a chat without
// dictation never loads it, and one with it loads it after the first paint.

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
 * Starts dictating: the browser's speech recognition where it has one (unless `mode` is `record`),
 * else the microphone is recorded and sent to the transcription route. Problems are reported
 * through `onEnd`, never thrown.
 */
export function startDictationSession(options: ComposerDictationOptions | undefined, callbacks: DictationCallbacks): DictationSession {
  // The part under way (the recognition, then maybe a recording it fell back to).
  let current: DictationSession = { stop: () => {}, cancel: () => {} };
  let ended = false;
  const end = (problem: DictationProblem | null) => {
    if (ended) return;
    ended = true;
    callbacks.onEnd(problem);
  };

  const startRecording = async () => {
    if (!options?.transcribeApi || !canRecordAudio()) return end('unsupported');
    let cancelled = false;
    const abort = new AbortController();
    // Until the microphone answers, a stop or a cancel drops the start.
    current = { stop: () => void (cancelled = true), cancel: () => void (cancelled = true) };
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      return end(cancelled ? null : microphoneProblem(error));
    }
    const release = () => stream.getTracks().forEach((track) => track.stop());
    if (cancelled) {
      release();
      return end(null);
    }
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream);
    } catch {
      release();
      return end('unsupported');
    }
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    const timer = setTimeout(() => recorder.state !== 'inactive' && recorder.stop(), options.maxDurationMs ?? DEFAULT_MAX_DURATION_MS);
    recorder.onstop = async () => {
      clearTimeout(timer);
      release();
      if (cancelled) return;
      callbacks.onStatus('transcribing', null);
      const audio = new Blob(chunks, { type: recorder.mimeType || chunks[0]?.type || 'audio/webm' });
      if (audio.size === 0) return end('noSpeech');
      try {
        const text = (await transcribeRecording(options, audio, abort.signal)).trim();
        if (cancelled) return;
        if (text) callbacks.onText(text);
        end(text ? null : 'noSpeech');
      } catch (error) {
        if (cancelled) return;
        end(error instanceof AgentRequestError && error.status === 413 ? 'tooLong' : 'failed');
      }
    };
    current = {
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
    callbacks.onStatus('recording', Date.now());
  };

  const startListening = (Recognition: SpeechRecognitionConstructor) => {
    const recognition = new Recognition();
    const lang = options?.lang ?? (typeof document !== 'undefined' ? document.documentElement.lang : '');
    if (lang) recognition.lang = lang;
    recognition.continuous = true;
    recognition.interimResults = false;
    let outcome: DictationProblem | null = null;
    let fallback = false;
    recognition.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i]!;
        const text = result.isFinal ? result[0].transcript.trim() : '';
        if (text) callbacks.onText(text);
      }
    };
    recognition.onerror = (event) => {
      // The recognition service unreachable (e.g. offline): record and transcribe on the server instead.
      if (event.error === 'network' && options?.mode !== 'speech' && options?.transcribeApi && canRecordAudio()) fallback = true;
      else outcome = speechProblem(event.error);
    };
    recognition.onend = () => {
      if (fallback) return void startRecording();
      end(outcome);
    };
    current = {
      stop: () => recognition.stop(),
      cancel: () => {
        recognition.onend = null;
        recognition.abort();
      },
    };
    try {
      recognition.start();
    } catch {
      return end('failed');
    }
    callbacks.onStatus('listening', Date.now());
  };

  const mode = options?.mode ?? 'auto';
  const Recognition = mode === 'record' ? undefined : speechRecognitionOf(typeof window === 'undefined' ? undefined : window);
  if (Recognition) startListening(Recognition);
  else if (mode === 'speech') end('unsupported');
  else void startRecording();
  return {
    stop: () => current.stop(),
    cancel: () => {
      ended = true;
      current.cancel();
    },
  };
}
