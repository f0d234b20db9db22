import type { FinishReason, LanguageModelUsage, UIMessage } from 'ai';
import type { AgentUser } from './tool-types.js';
import type { Logger } from './logger.js';

/**
 * The hook slots of an agent. All but `onFinish` are fire-and-forget, except that an
 * `onToolCallStart` hook returning a directive (or a promise) is awaited before the call.
 */
export type HookName = 'onStart' | 'onStepStart' | 'onToolCallStart' | 'onToolCallFinish' | 'onStepFinish' | 'onFinish';

/** The hook slots, in the order a turn reaches them. */
export const HOOK_NAMES: readonly HookName[] = ['onStart', 'onStepStart', 'onToolCallStart', 'onToolCallFinish', 'onStepFinish', 'onFinish'];

/** Who and where a turn runs for; part of every hook payload. */
export interface TurnRequestContext {
  agentId: string;
  conversationId: string | undefined;
  userId: string | undefined;
  pageId: string | undefined;
  urlQuery: Record<string, string | string[]> | undefined;
  sharedState: Record<string, unknown> | undefined;
}

/** A tool call as hooks see it. */
export interface HookToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** A tool result as hooks see it (`error` set when the tool failed). */
export interface HookToolResult extends HookToolCall {
  output?: unknown;
  error?: string;
}

/** One model call of the turn. `stepNumber` is 1-based. */
export interface HookStep {
  stepNumber: number;
  text: string;
  toolCalls: HookToolCall[];
  toolResults: HookToolResult[];
  finishReason: FinishReason;
  usage: LanguageModelUsage;
}

/** Payload of `onStart`. */
export interface StartHookEvent extends TurnRequestContext {
  hook: 'onStart';
}
/** Payload of `onStepStart`. */
export interface StepStartHookEvent extends TurnRequestContext {
  hook: 'onStepStart';
  stepNumber: number;
}
/** Payload of `onToolCallStart`. */
export interface ToolCallStartHookEvent extends TurnRequestContext, HookToolCall {
  hook: 'onToolCallStart';
}
/** Payload of `onToolCallFinish`. */
export interface ToolCallFinishHookEvent extends TurnRequestContext, HookToolResult {
  hook: 'onToolCallFinish';
  durationMs: number;
}
/** Payload of `onStepFinish`. */
export interface StepFinishHookEvent extends TurnRequestContext, HookStep {
  hook: 'onStepFinish';
}
/** Payload of `onFinish`: the whole turn, after the stream was fully read. */
export interface FinishHookEvent extends TurnRequestContext {
  hook: 'onFinish';
  /** The conversation including the assistant reply (stable, non-empty ids). */
  messages: UIMessage[];
  /** The assistant reply of this turn (also the last of `messages`). */
  responseMessage: UIMessage;
  steps: HookStep[];
  /** The tool results of all steps, flattened. */
  toolResults: HookToolResult[];
  finishReason: FinishReason | undefined;
  /** Usage summed over the steps. */
  usage: LanguageModelUsage;
  /** True when the client stopped or disconnected before the end. */
  isAborted: boolean;
}

/** Any hook payload; `hook` tells which slot it came from. */
export type HookEvent =
  | StartHookEvent
  | StepStartHookEvent
  | ToolCallStartHookEvent
  | ToolCallFinishHookEvent
  | StepFinishHookEvent
  | FinishHookEvent;

/** A data part a hook adds to the stream (e.g. `{ type: 'data-suggestions', data: { items } }`). */
export interface HookDataPart {
  type: `data-${string}`;
  id?: string;
  data: unknown;
}

/** A directive an `onToolCallStart` hook may return (seed 004): refuse the call, change its input, or let it run. */
export type ToolCallDirective = { deny: string } | { rewrite: unknown } | { allow: true };

/**
 * What a hook may return: `onFinish` hooks' `dataParts` are written to the stream, in order;
 * an `onToolCallStart` hook may return a `ToolCallDirective` (it is then awaited before the call).
 */
export type HookResult = void | undefined | { dataParts?: HookDataPart[] } | ToolCallDirective;

/** Beside the payload, every hook gets the user and the server's logger. */
export interface HookContext {
  user: AgentUser | undefined;
  logger: Logger;
}

/** A named hook (`config.hooks[name]`), referenced by agents' `hooks.{slot}: [name…]`. */
export type HookFunction = (event: HookEvent, ctx: HookContext) => HookResult | Promise<HookResult>;

/** An agent's hook references by slot. */
export type AgentHooks<NAME extends string = string> = Partial<Record<HookName, NAME[]>>;
