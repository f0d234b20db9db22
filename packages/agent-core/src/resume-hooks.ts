import type { DataUIPart, UITools } from 'ai';
import type { ChatSession } from './chat-session.js';
import type { ResumeRuns, UseAgentChatOptions } from './types.js';

/**
 * What re-attaching to runs does at the chat's moments. The core calls these only when the chat
 * was given `resume` (`resumeRuns` of `@x/agent-react/resume`), so an app without it carries none
 * of that code.
 */
export interface ResumeHooks {
  /** `data-run-state`, the first event of a resumed stream. */
  applyRunState<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>, part: DataUIPart<Record<string, unknown>>): void;
  /** The chat's `onError`: true when a dropped connection starts re-attaching instead. */
  takeDisconnect<TOOLS extends UITools>(session: ChatSession<TOOLS>, error: Error): boolean;
  /** The chat's `onFinish` of a reply whose connection dropped while re-attaching is on. */
  afterDisconnect<TOOLS extends UITools>(options: () => UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>): void;
  /** A view starts showing the session: follow the browser's online state. Returns the cleanup. */
  attach<TOOLS extends UITools>(options: () => UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>): () => void;
  /** The server's history is loaded: re-attach when its conversation has an active run. */
  resumeOnMount<TOOLS extends UITools>(options: () => UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>, activeRunId: string | null): void;
  /**
   * Attaches to a run of the shown conversation started elsewhere (another tab); true when it does.
   * `awaited`: the caller already shows the run as awaited (`waitForRun`), so `submitted` is not busy.
   */
  attachRun<TOOLS extends UITools>(options: () => UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>, runId: string, awaited?: boolean): boolean;
}

const registered = new WeakMap<ResumeRuns, ResumeHooks>();

/** Makes the `resume` option value of a set of hooks (the resume entry's `resumeRuns`). */
export function defineResume(hooks: ResumeHooks): ResumeRuns {
  const value: ResumeRuns = Object.freeze({ kind: 'resume-runs' as const });
  registered.set(value, hooks);
  return value;
}

/** The hooks of the chat's `resume` option, if it has one. */
export function resumeOf(options: Pick<UseAgentChatOptions, 'resume'>): ResumeHooks | undefined {
  return options.resume ? registered.get(options.resume) : undefined;
}
