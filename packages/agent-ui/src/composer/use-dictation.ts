'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadOnDemand } from '../lazy/load-on-demand.js';
import type { ComposerDictationOptions } from './dictation-options.js';
import type { DictationProblem, DictationSession, DictationState, DictationStatus } from './dictation-types.js';

export type { DictationProblem, DictationState, DictationStatus } from './dictation-types.js';


/**
 * Dictation for the composer: the browser's speech recognition where it has one (unless `mode` is
 * `record`), else the microphone is recorded and sent to the transcription route. `onText` gets the
 * words (never sent by themselves); problems are reported, never thrown. Unmounting cancels. Only
 * the state lives here: the recorder and speech code (dictation-session.ts) is in the on-demand
 * chunk, loaded on the first `start()` (the microphone button, from that chunk too, loads it first).
 */
export function useDictation(options: ComposerDictationOptions | undefined, onText: (text: string) => void): DictationState {
  const [status, setStatus] = useState<DictationStatus>('idle');
  const [problem, setProblem] = useState<DictationProblem | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const session = useRef<DictationSession | null>(null);
  const latest = useRef({ options, onText });
  latest.current = { options, onText };

  useEffect(() => () => session.current?.cancel(), []);

  const finish = useCallback((next: DictationProblem | null) => {
    session.current = null;
    setStatus('idle');
    setStartedAt(null);
    setProblem(next);
  }, []);

  const start = useCallback(() => {
    if (session.current) return;
    // Until the code is there, a stop or an unmount drops the start.
    let dropped = false;
    const loading: DictationSession = { stop: () => void (dropped = true), cancel: () => void (dropped = true) };
    session.current = loading;
    setProblem(null);
    loadOnDemand().then(
      ({ startDictationSession }) => {
        if (session.current !== loading) return;
        if (dropped) return finish(null);
        const started: DictationSession = startDictationSession(latest.current.options, {
          onText: (text) => latest.current.onText(text),
          onStatus: (next, at) => {
            setStatus(next);
            setStartedAt(at);
          },
          // A session that ends at once (unsupported) ends while `session.current` is still `loading`:
          // `started` is read only once it is assigned.
          onEnd: (next) => {
            if (session.current === loading || session.current === started) finish(next);
          },
        });
        // A session that ended at once (unsupported) already finished.
        if (session.current === loading) session.current = started;
      },
      () => {
        if (session.current === loading) finish('failed');
      },
    );
  }, [finish]);

  const stop = useCallback(() => session.current?.stop(), []);

  return { status, problem, startedAt, start, stop };
}
