/** One thing the scripted model does, in order, within one model call (one step of the turn). */
export type ScriptAction =
  /** Streams `text` in chunks (default: word by word). */
  | { type: 'text'; text: string; chunk?: 'word' | 'char' | number }
  /** Streams a reasoning block. */
  | { type: 'reasoning'; text: string }
  /** Calls a tool; the loop runs it (or waits for the client / approval) before the next step. */
  | { type: 'tool-call'; toolName: string; input: unknown; toolCallId?: string }
  /** Fails the model call mid-stream with this message. */
  | { type: 'error'; message: string }
  /** Waits before the next chunk. */
  | { type: 'delay'; ms: number }
  /**
   * Holds the stream until the gate `name` opens (the model's `gates`: a test opens it when it has
   * done what it needed mid-reply). A model without gates goes straight on.
   */
  | { type: 'gate'; name: string };

export type ScriptStep = ScriptAction[];

/** What a script function sees of the model call it answers. */
export interface ScriptContext {
  /** 0 for the first model call after the user's message, 1 after the first tool round, … */
  stepInTurn: number;
  /** Text of the last user message. */
  lastUserText: string;
  /** Results of the tools called in this turn so far, latest last. */
  toolResults: { toolName: string; output: unknown }[];
  /** Names of the tools the model is offered in this call. */
  toolNames: string[];
  /** Instructions (system prompt) of this call. */
  instructions: string;
}

/** A step with its own pace (what a script function may return instead of a bare step). */
export interface PacedStep {
  actions: ScriptStep;
  /** Delay between chunks of this step in ms (overrides the script's). */
  chunkDelayMs?: number;
  /** Multiplies every delay of this step (overrides the model's `pace`): 1 as scripted, 0 at once. */
  pace?: number;
}

export interface Script {
  /** Steps in order; a turn with more model calls than steps repeats the last one. */
  steps: ScriptStep[] | ((context: ScriptContext) => ScriptStep | PacedStep);
  /** Delay between chunks in ms (default 20; 0 = as fast as possible). */
  chunkDelayMs?: number;
  /** Delay before the first chunk in ms (default 0). */
  initialDelayMs?: number;
}

/** Splits text into the chunks a model would stream. */
export function chunkText(text: string, chunk: 'word' | 'char' | number = 'word'): string[] {
  if (text.length === 0) return [];
  if (chunk === 'char') return Array.from(text);
  if (typeof chunk === 'number') {
    const out: string[] = [];
    for (let i = 0; i < text.length; i += chunk) out.push(text.slice(i, i + chunk));
    return out;
  }
  return text.match(/\s*\S+\s*|\s+/g) ?? [text];
}
