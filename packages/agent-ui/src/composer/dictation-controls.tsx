'use client';
import { AudioOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { visuallyHidden } from '../a11y/visually-hidden.js';
import { useAgentUIConfig } from '../config.js';
import type { DictationState } from './dictation-types.js';

const barStyle: CSSProperties = { display: 'flex', alignItems: 'center', gap: 8, padding: '4px 12px', fontSize: 13 };
const dotStyle: CSSProperties = { width: 10, height: 10, borderRadius: '50%', background: 'var(--ant-color-error, #ff4d4f)', flex: 'none' };
const problemStyle: CSSProperties = { color: 'var(--ant-color-error, #ff4d4f)', margin: '4px 0 0', padding: '4px 12px' };

export interface DictationButtonProps {
  dictation: DictationState;
  disabled?: boolean | undefined;
}

export interface DictationStatusProps {
  dictation: DictationState;
  /** How many times words landed in the composer (each is announced). */
  inserted: number;
}

/** The microphone toggle: `aria-pressed` while recording or listening; busy while transcribing. */
export function DictationButton({ dictation, disabled }: DictationButtonProps) {
  const { strings } = useAgentUIConfig();
  const active = dictation.status === 'recording' || dictation.status === 'listening';
  const transcribing = dictation.status === 'transcribing';
  const label = active ? strings.dictation.stop : strings.dictation.start;
  return (
    <Button
      type={active ? 'primary' : 'text'}
      danger={active}
      icon={transcribing ? <LoadingOutlined /> : <AudioOutlined />}
      aria-label={label}
      title={label}
      aria-pressed={active}
      aria-busy={transcribing || undefined}
      disabled={disabled && !active}
      data-xagent-dictation={dictation.status}
      onClick={() => {
        if (transcribing) return;
        if (active) dictation.stop();
        else dictation.start();
      }}
    />
  );
}

/**
 * Under the composer: the recording indicator (a red dot, the elapsed time and a Stop button), the
 * transcribing notice, the problem (role alert), and a polite live region announcing each state.
 */
export function DictationStatus({ dictation, inserted }: DictationStatusProps) {
  const { strings } = useAgentUIConfig();
  const { status, problem, startedAt } = dictation;
  const elapsed = useElapsedSeconds(startedAt);
  // What the live region says: the state, then (idle again) that the words landed.
  const announcement =
    status === 'listening'
      ? strings.dictation.listening
      : status === 'recording'
        ? strings.dictation.recording
        : status === 'transcribing'
          ? strings.dictation.transcribing
          : inserted > 0 && !problem
            ? strings.dictation.inserted
            : '';
  const active = status === 'recording' || status === 'listening';
  return (
    <>
      <span role="status" aria-live="polite" style={visuallyHidden} data-xagent-dictation-live="">
        {announcement}
      </span>
      {active ? (
        <div style={barStyle} data-xagent-dictation-indicator={status}>
          <span style={dotStyle} aria-hidden="true" />
          <span>{status === 'listening' ? strings.dictation.listening : strings.dictation.recording}</span>
          <span aria-hidden="true" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatElapsed(elapsed)}
          </span>
          <Button size="small" danger onClick={dictation.stop}>
            {strings.dictation.stop}
          </Button>
        </div>
      ) : status === 'transcribing' ? (
        <div style={barStyle} data-xagent-dictation-indicator={status}>
          <LoadingOutlined aria-hidden="true" />
          <span>{strings.dictation.transcribing}</span>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" style={problemStyle} data-xagent-dictation-problem={problem}>
          {strings.dictation[problem]}
        </p>
      ) : null}
    </>
  );
}

function useElapsedSeconds(startedAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return startedAt === null ? 0 : Math.max(0, Math.floor((now - startedAt) / 1000));
}

function formatElapsed(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
